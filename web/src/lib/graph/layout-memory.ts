import { neighboursOf } from './collections';
import type { DrawnGraph } from './model';
import type { Point, Positions } from './types';

const NEAR = 40;
const STEP = 90;
const MAX_REMEMBERED = 20_000;
/** Above this share of new nodes (a group opened), the drawing is laid out afresh around the change. */
const RESHAPE = 0.2;
const FEW = 20;

/**
 * A layout that stays put. When a few nodes came or went (a rescan), nodes drawn before keep the place
 * they had, and each new node goes where the computed layout puts it, moved as far as the neighbour it was
 * reached from has moved (so a new host lands beside its switch, its group beside it), then right until
 * no node is within reach. When many are new (a group of 64 switches opened), keeping every old place would
 * leave no room: the computed layout is used whole, moved so that the node the new ones hang off stays
 * where it was, so the camera still looks at the change. Pure and deterministic.
 */
export function keepPlaces(drawn: DrawnGraph, computed: Positions, previous: Positions): Positions {
  const known = drawn.nodes.filter((n) => previous[n.id]);
  if (known.length === 0) return computed;
  const neighbours = neighboursOf(drawn.edges);
  const fresh = drawn.nodes.filter((n) => !previous[n.id]);
  if (fresh.length > Math.max(FEW, RESHAPE * drawn.nodes.length)) {
    const isFresh = new Set(fresh.map((n) => n.id));
    const freshAround = (id: string) => (neighbours.get(id) ?? []).filter((m) => isFresh.has(m)).length;
    const anchor = known.map((n) => n.id).sort((a, b) => freshAround(b) - freshAround(a) || (a < b ? -1 : 1))[0];
    const shift = { x: previous[anchor].x - computed[anchor].x, y: previous[anchor].y - computed[anchor].y };
    return Object.fromEntries(
      drawn.nodes.map((n) => [n.id, { x: computed[n.id].x + shift.x, y: computed[n.id].y + shift.y }]),
    );
  }
  const out: Positions = Object.fromEntries(known.map((n) => [n.id, previous[n.id]]));
  const taken = Object.values(out);
  const free = (p: Point) => taken.every((q) => Math.abs(q.x - p.x) >= NEAR || Math.abs(q.y - p.y) >= NEAR);
  // breadth-first from what is placed, so that a new node's anchor is placed before it
  const queue = known.map((n) => n.id);
  const place = (id: string, from: string | undefined) => {
    const shift = from ? { x: out[from].x - computed[from].x, y: out[from].y - computed[from].y } : { x: 0, y: 0 };
    const p = { x: computed[id].x + shift.x, y: computed[id].y + shift.y };
    while (!free(p)) p.x += STEP;
    out[id] = p;
    taken.push(p);
    queue.push(id);
  };
  for (let i = 0; i < queue.length; i++)
    for (const m of [...(neighbours.get(queue[i]) ?? [])].sort()) if (!out[m]) place(m, queue[i]);
  for (const n of [...fresh].sort((a, b) => (a.id < b.id ? -1 : 1))) if (!out[n.id]) place(n.id, undefined);
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
