import type { DrawnGraph } from './model';
import type { Point, Positions } from './types';

const NEAR = 40;
const STEP = 90;
const MAX_REMEMBERED = 20_000;

/**
 * A layout that stays put: nodes drawn before keep the place they had, and a new node goes where the
 * computed layout puts it, moved as far as its nearest neighbour that was drawn before has moved (so it
 * lands beside that neighbour), then right until no node is within reach. Pure and deterministic for the
 * same previous places and graph.
 */
export function keepPlaces(drawn: DrawnGraph, computed: Positions, previous: Positions): Positions {
  const out: Positions = {};
  const isNew = (id: string) => !previous[id];
  for (const node of drawn.nodes) if (!isNew(node.id)) out[node.id] = previous[node.id];
  if (Object.keys(out).length === 0) return computed;
  const neighbours = new Map<string, string[]>();
  for (const e of drawn.edges)
    for (const [a, b] of [
      [e.source, e.target],
      [e.target, e.source],
    ]) {
      const list = neighbours.get(a) ?? [];
      list.push(b);
      neighbours.set(a, list);
    }
  const taken = Object.values(out);
  const free = (p: Point) => taken.every((q) => Math.abs(q.x - p.x) >= NEAR || Math.abs(q.y - p.y) >= NEAR);
  const fresh = drawn.nodes.filter((n) => isNew(n.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const node of fresh) {
    const anchor = (neighbours.get(node.id) ?? []).filter((m) => !isNew(m) && computed[m]).sort()[0];
    const shift = anchor
      ? { x: previous[anchor].x - computed[anchor].x, y: previous[anchor].y - computed[anchor].y }
      : { x: 0, y: 0 };
    const p = { x: computed[node.id].x + shift.x, y: computed[node.id].y + shift.y };
    while (!free(p)) p.x += STEP;
    out[node.id] = p;
    taken.push(p);
  }
  return out;
}

const keyOf = (scope: string) => `netatlas:layout:${scope}`;

/** The places this browser last drew a network's view in ({} when none, or unreadable). */
export function recall(scope: string): Positions {
  try {
    return JSON.parse(localStorage.getItem(keyOf(scope)) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

/** Remembers the places drawn (not for very large drawings, whose grouped first frame is what returns). */
export function remember(scope: string, positions: Positions): void {
  if (Object.keys(positions).length > MAX_REMEMBERED) return;
  try {
    localStorage.setItem(keyOf(scope), JSON.stringify(positions));
  } catch {
    // storage full or disabled: the layout is still deterministic, only not remembered
  }
}
