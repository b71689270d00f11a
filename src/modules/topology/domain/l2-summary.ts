import { SAMPLE_SIZE } from './collapse';
import type { Counted, EndpointBucket, L2Summary, UnlinkedBucket } from './first-frame';
import { isInfrastructure } from './tiers';

/** The few columns a summary needs of every host and interface (l2-summary.port.ts). */
export interface L2Rows {
  /** Every host in the order views read them: a host's index is its rank. */
  hosts: { id: string; name: string; device_type: string }[];
  interfaces: { id: string; host_id: string; neighbor_interface: string | null; neighbor_host: string | null }[];
}

/** A member counted in a bucket; the first ones are its sample. */
function count(bucket: Counted, id: string, rank: number, label: string) {
  bucket.members.push(id);
  if (bucket.sample.length < SAMPLE_SIZE) bucket.sample.push({ rank, label });
}

/** A host linked to nothing, to be counted by its first subnet (bySubnet). */
export interface UnlinkedHost {
  id: string;
  name: string;
  rank: number;
}

/**
 * Sorts every host as first-frame.ts reads it: whole (infrastructure, and hosts linked to a host that is
 * not), endpoints (linked to infrastructure alone) counted by the hosts they link to, and unlinked hosts,
 * listed to be counted by their first subnet. Links and infrastructure are those of views.ts and tiers.ts.
 * Pure.
 */
export function summarise({ hosts, interfaces }: L2Rows): { summary: L2Summary; unlinked: UnlinkedHost[] } {
  const links = linksOf(interfaces);
  // hosts by number (those of the list first, in order, then any a link names that the list does not hold)
  const ids = hosts.map((h) => h.id);
  const number = new Map(ids.map((id, n) => [id, n]));
  const numberOf = (id: string) => {
    let n = number.get(id);
    if (n === undefined) number.set(id, (n = ids.push(id) - 1));
    return n;
  };
  const ends: (readonly [number, number])[] = [];
  for (let k = 0; k < links.pairs.length; k += 2)
    ends.push([numberOf(interfaces[links.pairs[k]].host_id), numberOf(interfaces[links.pairs[k + 1]].host_id)]);
  const linked = distinctNeighbours(ids.length, ends);
  const infrastructure = new Uint8Array(ids.length);
  hosts.forEach((h, n) => {
    if (isInfrastructure(h.device_type, linked[n].length)) infrastructure[n] = 1;
  });
  const whole = new Uint8Array(ids.length);
  hosts.forEach((_, n) => {
    if (infrastructure[n] || linked[n].some((m) => !infrastructure[m])) whole[n] = 1;
  });

  const summary: L2Summary = {
    nodeCount: hosts.length + interfaces.length,
    whole: [],
    endpoints: [],
    unlinked: [],
    links,
    rank: number,
  };
  const unlinked: UnlinkedHost[] = [];
  const buckets = new Map<string, EndpointBucket>();
  const bucketOf: (EndpointBucket | undefined)[] = [];
  hosts.forEach((h, n) => {
    const others = linked[n].map((m) => ids[m]).sort();
    if (whole[n]) {
      const { id, name, device_type } = h;
      const wholeOthers = others.filter((o) => whole[number.get(o)!]);
      summary.whole.push({ id, name, device_type, degree: others.length, linked: wholeOthers });
    } else if (others.length === 0) {
      unlinked.push({ id: h.id, name: h.name, rank: n });
    } else {
      const key = others.join(',');
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { linked: others, edges: [], members: [], sample: [] }));
      count(bucket, h.id, n, h.name);
      bucketOf[n] = bucket;
    }
  });
  summary.endpoints = [...buckets.values()];
  countEdges(links, ends, bucketOf);
  return { summary, unlinked };
}

/** Each host's distinct linked hosts, by number, from links between two hosts' numbers. */
function distinctNeighbours(count: number, ends: readonly (readonly [number, number])[]): number[][] {
  const linked: number[][] = Array.from({ length: count }, () => []);
  for (const [a, b] of ends) {
    if (a === b) continue;
    linked[a].push(b);
    linked[b].push(a);
  }
  return linked.map((list) => (list.length < 2 ? list : [...new Set(list)]));
}

/** Each endpoint bucket's links, by the far interface they reach. */
function countEdges(
  links: L2Summary['links'],
  ends: readonly (readonly [number, number])[],
  bucketOf: (EndpointBucket | undefined)[],
) {
  const counts = new Map<EndpointBucket, Map<string, { host: string; count: number }>>();
  ends.forEach(([a, b], k) => {
    if (a === b) return;
    const near = bucketOf[a] ? 0 : bucketOf[b] ? 1 : -1;
    if (near < 0) return;
    const bucket = bucketOf[near === 0 ? a : b]!;
    const far = links.interfaces[links.pairs[2 * k + 1 - near]];
    let byFar = counts.get(bucket);
    if (!byFar) counts.set(bucket, (byFar = new Map()));
    const known = byFar.get(far.id);
    if (known) known.count++;
    else byFar.set(far.id, { host: far.host_id, count: 1 });
  });
  for (const [bucket, byFar] of counts)
    bucket.edges = [...byFar].map(([interfaceId, { host, count }]) => ({
      interface_id: interfaceId,
      host_id: host,
      count,
    }));
}

/**
 * Links between interfaces, as views.ts finds them: an interface names its neighbour's interface and host,
 * and that interface is there on that host. A link both ends name is kept once.
 */
function linksOf(interfaces: L2Rows['interfaces']): L2Summary['links'] {
  const indexOf = new Map(interfaces.map((i, k) => [i.id, k]));
  const pairs: number[] = [];
  interfaces.forEach((near, k) => {
    const f = near.neighbor_interface ? indexOf.get(near.neighbor_interface) : undefined;
    if (f === undefined || interfaces[f].host_id !== near.neighbor_host) return;
    const far = interfaces[f];
    const namesBack = far.neighbor_interface === near.id && far.neighbor_host === near.host_id;
    if (!namesBack || near.id < far.id) pairs.push(k, f);
  });
  return { interfaces, pairs: Int32Array.from(pairs) };
}

/** Unlinked hosts counted by their first subnet (null: none), as groups.ts groups them. */
export function bySubnet(hosts: UnlinkedHost[], firstSubnet: ReadonlyMap<string, string | null>): UnlinkedBucket[] {
  const buckets = new Map<string | null, UnlinkedBucket>();
  for (const h of hosts) {
    const subnet = firstSubnet.get(h.id) ?? null;
    let bucket = buckets.get(subnet);
    if (!bucket) buckets.set(subnet, (bucket = { subnet_id: subnet, members: [], sample: [] }));
    count(bucket, h.id, h.rank, h.name);
  }
  return [...buckets.values()];
}
