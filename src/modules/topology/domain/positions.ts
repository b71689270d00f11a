/** Where a node was placed on the canvas, in the canvas's own units. */
export interface Position {
  x: number;
  y: number;
}

/** Saved positions of one view of a network, by node id (the entities' live ids, or a group node's id). */
export type Positions = Record<string, Position>;

export const POSITION_LIMITS = { entries: 10_000, nodeId: 255 } as const;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What is wrong with a positions map, or null when it is a valid one: an object of at most 10,000 entries,
 * each keyed by a node id of 1..255 characters and holding exactly {x, y}, both finite numbers. JSON has no
 * NaN or Infinity, but `1e999` parses to Infinity and strings such as "Infinity" are not numbers.
 */
export function positionsProblem(value: unknown, field = 'positions'): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${field} must be an object of {x, y} by node id`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > POSITION_LIMITS.entries)
    return `${field} must have at most ${POSITION_LIMITS.entries} entries (got ${entries.length})`;
  for (const [nodeId, position] of entries) {
    if (nodeId.length < 1 || nodeId.length > POSITION_LIMITS.nodeId)
      return `${field}: node ids must be 1 to ${POSITION_LIMITS.nodeId} characters long`;
    const at = `${field}[${JSON.stringify(nodeId.length > 40 ? `${nodeId.slice(0, 40)}…` : nodeId)}]`;
    if (typeof position !== 'object' || position === null || Array.isArray(position))
      return `${at} must be an object {x, y}`;
    const extra = Object.keys(position).filter((k) => k !== 'x' && k !== 'y');
    if (extra.length > 0) return `${at} has unknown fields: ${extra.join(', ')}`;
    const { x, y } = position as Record<string, unknown>;
    if (!isFiniteNumber(x)) return `${at}.x must be a finite number`;
    if (!isFiniteNumber(y)) return `${at}.y must be a finite number`;
  }
  return null;
}
