import type { Point } from './types';

/**
 * Whether sigma writes an edge's label starting from its source end. It keeps labels upright: the text runs
 * from the end further left, and a vertical edge's from its target end (drawStraightEdgeLabel's angle).
 */
export const startsAtSource = (source: Point, target: Point) => target.x - source.x > 0;

/** A link's label as read from where its text starts: the port at that end first. */
export const portsFrom = (ports: readonly [string, string], sourceFirst: boolean) =>
  sourceFirst ? `${ports[0]} ↔ ${ports[1]}` : `${ports[1]} ↔ ${ports[0]}`;
