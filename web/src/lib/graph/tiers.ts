import { push } from './collections';
import type { DrawnGraph, DrawnNode } from './model';
import type { Positions } from './types';

/**
 * The L2 layout a network engineer draws by hand: routers and firewalls on top, then the switches in tiers
 * (core, distribution, access) found from the cabling, each endpoint under the switch it hangs off.
 * Sugiyama-style in three steps, all deterministic (same graph, same picture):
 * 1. tiers: routers and firewalls 0; switches 1 + their hop count from the network's centre (the switches
 *    whose farthest switch is nearest and, of those, the best linked: where a campus core or a data-centre
 *    spine sits); every
 *    other node one tier below the deepest switch it links to;
 * 2. order: top-down, each node under the first of its uplinks in the tier above (a spanning forest), so
 *    links of the forest never cross; ties in natural name order (sw-2 before sw-10);
 * 3. places: a tidy tree: a node spans its children, endpoints in a grid under their switch.
 */
export const TIER_GAP = 160;
export const COLUMN = 90;
const ENDPOINT_ROW = 46;
const ENDPOINT_COLUMNS = 8;
/** Candidates for the centre: eccentricity is exact among this many best-linked switches. */
const CENTRE_CANDIDATES = 32;

const INFRASTRUCTURE = new Set(['Router', 'Firewall', 'Switch']);
const EDGE = new Set(['Router', 'Firewall']);
const byName = (a: DrawnNode, b: DrawnNode) =>
  a.label.localeCompare(b.label, undefined, { numeric: true }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function deviceTypeOf(drawn: DrawnGraph, id: string): string | undefined {
  const type = drawn.byId.get(id)?.data.device_type;
  return typeof type === 'string' ? type : undefined;
}

/** Hop counts from a set of sources over `links`. */
function hops(sources: string[], links: Map<string, string[]>): Map<string, number> {
  const distance = new Map(sources.map((s) => [s, 0]));
  const queue = [...sources];
  for (let i = 0; i < queue.length; i++)
    for (const next of links.get(queue[i]) ?? [])
      if (!distance.has(next)) {
        distance.set(next, distance.get(queue[i])! + 1);
        queue.push(next);
      }
  return distance;
}

/** Who links to whom, and which nodes are switches, routers or firewalls. */
function cabling(drawn: DrawnGraph) {
  const neighbours = new Map<string, string[]>();
  for (const e of drawn.edges)
    if (e.source !== e.target) {
      push(neighbours, e.source, e.target);
      push(neighbours, e.target, e.source);
    }
  // By type, or, where discovery could not tell, by what it does: a host linked to three or more others.
  const isInfrastructure = (n: DrawnNode) => {
    const type = deviceTypeOf(drawn, n.id);
    if (type && type !== 'Unknown') return INFRASTRUCTURE.has(type);
    return n.kind === 'host' && new Set(neighbours.get(n.id)).size >= 3;
  };
  const infrastructure = drawn.nodes.filter(isInfrastructure).sort(byName);
  return { neighbours, infrastructure, infraIds: new Set(infrastructure.map((n) => n.id)) };
}

/** Tiers of every drawn node (see above); -1 for nodes linked to no switch, router or firewall. */
export function tiersOf(drawn: DrawnGraph): Map<string, number> {
  const { neighbours, infrastructure, infraIds } = cabling(drawn);
  const infraLinks = new Map<string, string[]>();
  for (const n of infrastructure)
    infraLinks.set(
      n.id,
      [...new Set(neighbours.get(n.id) ?? [])].filter((m) => infraIds.has(m)),
    );

  const tier = new Map<string, number>();
  const switches = infrastructure.filter((n) => !EDGE.has(deviceTypeOf(drawn, n.id) ?? ''));
  for (const n of infrastructure) if (!switches.includes(n)) tier.set(n.id, 0);
  // One connected part of the switching at a time: each has its own centre.
  const switchLinks = new Map(switches.map((n) => [n.id, infraLinks.get(n.id)!.filter((m) => !tier.has(m))]));
  const placed = new Set<string>();
  for (const start of switches) {
    if (placed.has(start.id)) continue;
    const part = [...hops([start.id], switchLinks).keys()];
    part.forEach((id) => placed.add(id));
    const candidates = [...part]
      .sort((a, b) => switchLinks.get(b)!.length - switchLinks.get(a)!.length || (a < b ? -1 : 1))
      .slice(0, CENTRE_CANDIDATES);
    const eccentricity = new Map(candidates.map((c) => [c, Math.max(...hops([c], switchLinks).values())]));
    const best = Math.min(...eccentricity.values());
    // of equally central switches (a spine and a leaf are both two hops from everything), the best linked
    const central = candidates.filter((c) => eccentricity.get(c) === best);
    const most = Math.max(...central.map((c) => switchLinks.get(c)!.length));
    const centre = central.filter((c) => switchLinks.get(c)!.length * 2 >= most);
    for (const [id, distance] of hops(centre, switchLinks)) tier.set(id, 1 + distance);
  }
  for (const n of drawn.nodes) {
    if (tier.has(n.id)) continue;
    const uplinks = (neighbours.get(n.id) ?? []).filter((m) => infraIds.has(m));
    tier.set(n.id, uplinks.length ? Math.max(...uplinks.map((m) => tier.get(m)!)) + 1 : -1);
  }
  return tier;
}

/** Positions of the tiered layout; nodes linked to no switch sit in a grid below everything. */
export function tieredPositions(drawn: DrawnGraph): Positions {
  const tier = tiersOf(drawn);
  const { neighbours, infraIds } = cabling(drawn);
  const isEndpoint = (id: string) => !infraIds.has(id);

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
    keyed.sort((a, b) => a.key - b.key || byName(a.n, b.n));
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
  const width = new Map<string, number>();
  const widthOf = (id: string): number => {
    const kids = children.get(id) ?? [];
    const endpoints = kids.filter((k) => isEndpoint(k) && !children.has(k));
    const inner = kids.filter((k) => !endpoints.includes(k)).reduce((sum, k) => sum + widthOf(k), 0);
    const grid = Math.min(endpoints.length, ENDPOINT_COLUMNS) * COLUMN;
    const w = Math.max(COLUMN, inner + grid);
    width.set(id, w);
    return w;
  };
  const place = (id: string, left: number) => {
    const w = width.get(id)!;
    out[id] = { x: left + w / 2, y: tier.get(id)! * TIER_GAP };
    const kids = children.get(id) ?? [];
    const endpoints = kids.filter((k) => isEndpoint(k) && !children.has(k));
    let x = left;
    for (const k of kids.filter((k) => !endpoints.includes(k))) {
      place(k, x);
      x += width.get(k)!;
    }
    const columns = Math.min(endpoints.length, ENDPOINT_COLUMNS);
    endpoints.forEach((k, i) => {
      out[k] = {
        x: x + (i % columns) * COLUMN + COLUMN / 2,
        y: (tier.get(id)! + 1) * TIER_GAP + Math.floor(i / columns) * ENDPOINT_ROW,
      };
    });
  };
  let left = 0;
  for (const r of roots) {
    widthOf(r);
    place(r, left);
    left += width.get(r)!;
  }

  // Nodes linked to no switch: a grid under the deepest row.
  const alone = drawn.nodes.filter((n) => tier.get(n.id) === -1).sort(byName);
  const bottom = Math.max(0, ...Object.values(out).map((p) => p.y)) + TIER_GAP;
  const columns = Math.max(ENDPOINT_COLUMNS, Math.ceil(Math.sqrt(alone.length)));
  alone.forEach(
    (n, i) => (out[n.id] = { x: (i % columns) * COLUMN, y: bottom + Math.floor(i / columns) * ENDPOINT_ROW }),
  );
  return out;
}
