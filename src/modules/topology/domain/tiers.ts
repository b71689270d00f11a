/**
 * Tiers of an L2 network, as an engineer draws it top-down from where traffic comes in: routers and
 * firewalls 0; switches 1 + their hop count from the switches those plug into (a campus core, a data
 * centre's border leaves), or, in a part of the switching no router or firewall links to, from its centre
 * (centreOf: a fabric's spines); every other host one tier below the deepest switch it links to; -1 for
 * hosts linked to no switch. Deterministic. docs/topology.md "Tiers".
 */
export interface TierInput {
  hosts: { id: string; name: string; device_type: string }[];
  /** Each host's distinct linked hosts. */
  links: Map<string, Set<string>>;
  /** How many hosts each links to, when `links` holds only some of them (first-frame.ts). */
  degree?: ReadonlyMap<string, number>;
}

export interface Tiers {
  tier: Map<string, number>;
  /** Routers, firewalls and switches (by type, or an untyped host linked to three or more hosts). */
  infrastructure: Set<string>;
  /** Each switch's first neighbour one tier up (by name), the one it hangs under. */
  uplink: Map<string, string>;
}

/** Names in natural order (sw-2 before sw-10); one collator, as localeCompare with options makes one per call. */
const NATURAL = new Intl.Collator('en', { numeric: true }).compare;
const INFRASTRUCTURE = new Set(['Router', 'Firewall', 'Switch']);

/** Routers, firewalls and switches by type; an untyped host when it links to three or more hosts. */
export const isInfrastructure = (deviceType: string, degree: number): boolean =>
  deviceType !== 'Unknown' ? INFRASTRUCTURE.has(deviceType) : degree >= 3;
const EDGE = new Set(['Router', 'Firewall']);
/** Eccentricity is measured exactly among this many best-linked switches of each connected part. */
const CENTRE_CANDIDATES = 32;

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

/**
 * The switches whose farthest switch is nearest and, of those, the best linked (a spine and a leaf are both
 * two hops from everything): where a fabric's spines or a core sits when no router shows the way in.
 */
function centreOf(part: string[], switchLinks: Map<string, string[]>, byName: (a: string, b: string) => number) {
  const candidates = [...part]
    .sort((a, b) => switchLinks.get(b)!.length - switchLinks.get(a)!.length || byName(a, b))
    .slice(0, CENTRE_CANDIDATES);
  const eccentricity = new Map(candidates.map((c) => [c, Math.max(...hops([c], switchLinks).values())]));
  const best = Math.min(...eccentricity.values());
  const central = candidates.filter((c) => eccentricity.get(c) === best);
  const most = Math.max(...central.map((c) => switchLinks.get(c)!.length));
  return central.filter((c) => switchLinks.get(c)!.length * 2 >= most);
}

export function tiersOf({ hosts, links, degree }: TierInput): Tiers {
  const names = new Map(hosts.map((h) => [h.id, h.name]));
  const byName = (a: string, b: string) => NATURAL(names.get(a)!, names.get(b)!) || (a < b ? -1 : a > b ? 1 : 0);
  const infrastructure = new Set(
    hosts
      .filter((h) => isInfrastructure(h.device_type, degree?.get(h.id) ?? links.get(h.id)?.size ?? 0))
      .map((h) => h.id),
  );
  const edge = new Set(hosts.filter((h) => infrastructure.has(h.id) && EDGE.has(h.device_type)).map((h) => h.id));
  const switches = [...infrastructure].filter((id) => !edge.has(id)).sort(byName);
  const switchLinks = new Map(
    switches.map((id) => [
      id,
      [...(links.get(id) ?? [])].filter((m) => infrastructure.has(m) && !edge.has(m)).sort(byName),
    ]),
  );

  const tier = new Map<string, number>([...edge].map((id) => [id, 0]));
  const placed = new Set<string>();
  for (const start of switches) {
    if (placed.has(start)) continue;
    const part = [...hops([start], switchLinks).keys()];
    part.forEach((id) => placed.add(id));
    const top = part.filter((id) => [...(links.get(id) ?? [])].some((m) => edge.has(m)));
    for (const [id, distance] of hops(top.length ? top : centreOf(part, switchLinks, byName), switchLinks))
      tier.set(id, 1 + distance);
  }
  for (const { id } of hosts) {
    if (tier.has(id)) continue;
    const up = [...(links.get(id) ?? [])].filter((m) => infrastructure.has(m));
    tier.set(id, up.length ? Math.max(...up.map((m) => tier.get(m)!)) + 1 : -1);
  }
  const uplink = new Map<string, string>();
  for (const id of switches) {
    const up = [...(links.get(id) ?? [])].filter((m) => infrastructure.has(m) && tier.get(m) === tier.get(id)! - 1);
    if (up.length) uplink.set(id, up.sort(byName)[0]);
  }
  return { tier, infrastructure, uplink };
}

/** Host links per L2 graph's edge list: the view and its grouping read the same links of one answer. */
const linksOfEdges = new WeakMap<readonly object[], Map<string, Set<string>>>();

/**
 * The distinct hosts each host links to, from an L2 graph's links between interfaces (`hostOf`: each
 * interface's host, asked for only the first time an edge list is seen; the answer is kept with the list).
 */
export function hostLinks(
  edges: readonly { source: string; target: string }[],
  hostOf: () => ReadonlyMap<string, string>,
): Map<string, Set<string>> {
  const known = linksOfEdges.get(edges);
  if (known) return known;
  const host = hostOf();
  const links = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    const set = links.get(a);
    if (set) set.add(b);
    else links.set(a, new Set([b]));
  };
  for (const e of edges) {
    const [a, b] = [host.get(e.source), host.get(e.target)];
    if (!a || !b || a === b) continue;
    add(a, b);
    add(b, a);
  }
  linksOfEdges.set(edges, links);
  return links;
}
