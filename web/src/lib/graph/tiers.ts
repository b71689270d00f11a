import { byLabel, neighboursOf, push } from './collections';
import type { DrawnGraph, DrawnNode } from './model';
import type { Positions } from './types';

/**
 * The L2 layout a network engineer draws by hand, from the tiers the server found (data.tier on hosts and
 * groups: routers and firewalls 0, switches 1 + their hops from the core or spine, endpoints below their
 * switch, -1 linked to no switch; docs/topology.md "Tiers"). Sugiyama-style, deterministic (same graph,
 * same picture):
 * 1. order: top-down, each node under the first of its uplinks in the nearest tier above (a spanning
 *    forest), so links of the forest never cross; ties in natural name order (sw-2 before sw-10);
 * 2. places: a tidy tree: a node spans its children, endpoints in a grid under their switch; nodes linked
 *    to no switch in a grid below everything.
 */
const TIER_GAP = 160;
const COLUMN = 90;
const ENDPOINT_ROW = 46;
const ENDPOINT_COLUMNS = 8;
/** At most this many switches side by side under one node; more wrap into further bands below. */
const WRAP = 16;
/** About the width-to-height ratio of a canvas: rows spread to it when tiers are wide. */
const ASPECT = 2;

/** The tier the server gave each drawn node; -1 where it gave none. */
export function tiersOf(drawn: DrawnGraph): Map<string, number> {
  return new Map(
    drawn.nodes.map((n) => {
      const tier = drawn.byId.get(n.id)?.data.tier;
      return [n.id, typeof tier === 'number' ? tier : -1];
    }),
  );
}

/** Positions of the tiered layout; nodes linked to no switch sit in a grid below everything. */
export function tieredPositions(drawn: DrawnGraph): Positions {
  const tier = tiersOf(drawn);
  const neighbours = neighboursOf(drawn.edges);
  const isEndpoint = (id: string) => drawn.byId.get(id)?.data.infrastructure !== true;

  // Order top-down: each node under the first of its uplinks in the tier above.
  const rows = new Map<number, DrawnNode[]>();
  for (const n of drawn.nodes) push(rows, tier.get(n.id)!, n);
  const index = new Map<string, number>();
  const parent = new Map<string, string>();
  const levels = [...rows.keys()].filter((t) => t >= 0).sort((a, b) => a - b);
  for (const t of levels) {
    const keyed = rows.get(t)!.map((n) => {
      const ups = (neighbours.get(n.id) ?? []).filter((m) => tier.get(m)! < t && index.has(m));
      // the nearest tier above first, then the leftmost there
      const up = ups.sort((a, b) => tier.get(b)! - tier.get(a)! || index.get(a)! - index.get(b)!)[0];
      if (up) parent.set(n.id, up);
      return { n, key: up === undefined ? Infinity : index.get(up)! };
    });
    keyed.sort((a, b) => a.key - b.key || byLabel(a.n, b.n));
    keyed.forEach(({ n }, i) => index.set(n.id, i));
  }

  // Places: children of each node in order, endpoints kept apart to be drawn as a grid.
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const t of levels)
    for (const n of [...rows.get(t)!].sort((a, b) => index.get(a.id)! - index.get(b.id)!)) {
      const up = parent.get(n.id);
      if (up) push(children, up, n.id);
      else roots.push(n.id);
    }
  const out: Positions = {};
  // a group's label ("bldg-a-dist-1 · 2,880 hosts") needs about two columns
  const cellOf = (endpoints: string[]) =>
    endpoints.some((k) => drawn.byId.get(k)?.kind === 'group') ? 2 * COLUMN : COLUMN;
  const width = new Map<string, number>();
  const split = (id: string) => {
    const kids = children.get(id) ?? [];
    const endpoints = kids.filter((k) => isEndpoint(k) && !children.has(k));
    return {
      endpoints,
      bands: chunks(
        kids.filter((k) => !endpoints.includes(k)),
        WRAP,
      ),
    };
  };
  const widthOf = (id: string): number => {
    const { endpoints, bands } = split(id);
    const inner = Math.max(0, ...bands.map((band) => band.reduce((sum, k) => sum + widthOf(k), 0)));
    const grid = Math.min(endpoints.length, ENDPOINT_COLUMNS) * cellOf(endpoints);
    const w = Math.max(COLUMN, inner + grid);
    width.set(id, w);
    return w;
  };
  // Rows further apart as the drawing grows wide, so that a fitted picture keeps a readable shape.
  const total = roots.reduce((sum, r) => sum + widthOf(r), 0);
  const gap = Math.max(TIER_GAP, total / ((levels.length + 1) * ASPECT));
  // sigma's y axis points up: tier 0 on top
  const rowY = (t: number, row = 0) => -(t * gap + row * ENDPOINT_ROW);
  // `drop`: how far below its tier's row a node sits (in a band that wrapped under the one before)
  const place = (id: string, left: number, drop = 0): void => {
    const w = width.get(id)!;
    out[id] = { x: left + w / 2, y: rowY(tier.get(id)!) - drop };
    const { endpoints, bands } = split(id);
    let x = left;
    let below = drop;
    for (const band of bands) {
      const placed = Object.keys(out).length;
      x = left;
      for (const k of band) {
        place(k, x, below);
        x += width.get(k)!;
      }
      // the next band starts a row below the deepest node of this one
      const deepest = Math.min(
        ...Object.values(out)
          .slice(placed)
          .map((p) => p.y),
      );
      below = rowY(tier.get(band[0])!) - deepest + gap;
    }
    if (bands.length > 1) x = left + Math.max(...bands.map((b) => b.reduce((sum, k) => sum + width.get(k)!, 0)));
    const columns = Math.min(endpoints.length, ENDPOINT_COLUMNS);
    const cell = cellOf(endpoints);
    endpoints.forEach((k, i) => {
      out[k] = {
        x: x + (i % columns) * cell + cell / 2,
        y: rowY(tier.get(id)! + 1, Math.floor(i / columns)) - drop,
      };
    });
  };
  let left = 0;
  for (const r of roots) {
    place(r, left);
    left += width.get(r)!;
  }

  centreOverWhatHangsBelow(drawn, tier, neighbours, out);

  // Nodes linked to no switch: a grid under the deepest row.
  const alone = drawn.nodes.filter((n) => tier.get(n.id) === -1).sort(byLabel);
  const bottom = Math.min(0, ...Object.values(out).map((p) => p.y)) - gap;
  const columns = Math.max(ENDPOINT_COLUMNS, Math.ceil(Math.sqrt(alone.length)));
  alone.forEach(
    (n, i) => (out[n.id] = { x: (i % columns) * COLUMN, y: bottom - Math.floor(i / columns) * ENDPOINT_ROW }),
  );
  return out;
}

/**
 * From the second-deepest tier up, each switch, router and firewall moves over the middle of what it links
 * to below, keeping its row's order and a column between neighbours: a redundant pair (two distribution
 * switches with the same access switches under both) sits side by side over the middle of them, not one
 * over them and its twin at the end of the row.
 */
function centreOverWhatHangsBelow(
  drawn: DrawnGraph,
  tier: Map<string, number>,
  neighbours: Map<string, string[]>,
  out: Positions,
): void {
  const isInfrastructure = (id: string) => drawn.byId.get(id)?.data.infrastructure === true;
  // rows as drawn (a band that wrapped is a row of its own), deepest first
  const rows = new Map<number, string[]>();
  for (const n of drawn.nodes)
    if (isInfrastructure(n.id) && tier.get(n.id)! >= 0 && out[n.id]) push(rows, Math.round(out[n.id].y), n.id);
  const xs = Object.values(out).map((p) => p.x);
  const width = Math.max(...xs) - Math.min(...xs);
  const mean = (ids: string[]) => ids.reduce((sum, m) => sum + out[m].x, 0) / ids.length;
  for (const y of [...rows.keys()].sort((a, b) => a - b)) {
    const row = rows.get(y)!;
    const t = tier.get(row[0])!;
    // a sparse row (a core pair) spreads over the drawing; a full one keeps a column between nodes
    const spacing = Math.max(COLUMN, width / (row.length + 1) / 2);
    const wanted = row.map((id) => {
      const near = neighbours.get(id) ?? [];
      const below = near.filter((m) => tier.get(m)! > t && out[m]);
      // with nothing below, next to what it links to (a router beside its firewall)
      const beside = near.filter((m) => out[m]);
      const x = below.length ? mean(below) : beside.length ? mean(beside) : out[id].x;
      return { id, x, was: out[id].x };
    });
    wanted.sort((a, b) => a.x - b.x || a.was - b.was);
    let last = -Infinity;
    const placed = wanted.map((w) => (last = Math.max(w.x, last + spacing)));
    // the sweep only pushes right: shift the row back so that it is, on average, where it wants to be
    const drift = placed.reduce((sum, x, i) => sum + x - wanted[i].x, 0) / placed.length;
    wanted.forEach((w, i) => (out[w.id] = { x: placed[i] - drift, y: out[w.id].y }));
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
