import type { SeedHost, SeedInterface } from './types';

/** One POST of observations; `again` marks hosts sent a second time, whole, once their neighbours exist. */
export interface ObservationBatch {
  hosts: SeedHost[];
  again: boolean;
}

const macsOf = (host: SeedHost) => [
  host.mac,
  ...host.ip_addresses.map((a) => a.mac_address),
  ...(host.interfaces ?? []).map((i) => i.mac_address),
];

/** Whether all the port faces was sent already: its LLDP neighbour and the hosts of the MACs it learnt. */
const facesKnown = (port: SeedInterface, known: Set<string>) =>
  (port.lldp_chassis_id === undefined || known.has(port.lldp_chassis_id)) &&
  (port.learned ?? []).every((l) => known.has(l.mac_address));

/** How big a batch may be: hosts, and bytes as `sizeOf` counts a host (the body limit, less the envelope). */
export interface BatchLimits {
  hosts: number;
  bytes: number;
  sizeOf: (host: SeedHost) => number;
}

/** Consecutive hosts, as many to a batch as the limits take (a host is never split). */
function* packed(hosts: SeedHost[], limits: BatchLimits): Generator<SeedHost[]> {
  let batch: SeedHost[] = [];
  let bytes = 0;
  for (const host of hosts) {
    const size = limits.sizeOf(host);
    if (batch.length > 0 && (batch.length === limits.hosts || bytes + size > limits.bytes)) {
      yield batch;
      [batch, bytes] = [[], 0];
    }
    batch.push(host);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/**
 * The hosts in batches, in order. The ingest resolves a batch's neighbours against the hosts it has or is
 * given, and makes a host up from the neighbour data for any other; so a host with ports facing a later
 * batch (a core switch's ports to the distribution switches) goes first without those ports, and again,
 * whole, after every host has been sent: the link is then drawn from its end (the far end's own sending
 * found no such port). Those ports are left out rather than sent without their neighbour because adding
 * them later inserts rows, where filling them in would version thousands of interface rows at once, which
 * the ingest does slowly in a large network (a 20,000-host campus: 111 s for its 30 switches, 15 s this way).
 */
export function* hostBatches(hosts: SeedHost[], limits: BatchLimits): Generator<ObservationBatch> {
  const known = new Set<string>();
  const again: SeedHost[] = [];
  for (const batch of packed(hosts, limits)) {
    for (const host of batch) for (const mac of macsOf(host)) known.add(mac);
    yield {
      again: false,
      hosts: batch.map((host) => {
        if (!host.interfaces || host.interfaces.every((port) => facesKnown(port, known))) return host;
        again.push(host);
        return { ...host, interfaces: host.interfaces.filter((port) => facesKnown(port, known)) };
      }),
    };
  }
  for (const batch of packed(again, limits)) yield { again: true, hosts: batch };
}
