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

const LLDP_FIELDS = [
  'lldp_chassis_id',
  'lldp_port_id',
  'lldp_sys_name',
  'lldp_sys_desc',
  'lldp_mgmt_addr',
  'neighbor_capabilities',
] as const;

/** The port without its LLDP neighbour, and without learnt MACs, where those are of hosts not sent yet. */
function withoutUnknown(port: SeedInterface, known: Set<string>): SeedInterface {
  const neighborKnown = port.lldp_chassis_id === undefined || known.has(port.lldp_chassis_id);
  const learned = port.learned?.filter((l) => known.has(l.mac_address));
  if (neighborKnown && learned?.length === port.learned?.length) return port;
  const bare = { ...port };
  if (!neighborKnown) for (const field of LLDP_FIELDS) delete bare[field];
  if (learned?.length) bare.learned = learned;
  else delete bare.learned;
  return bare;
}

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
 * given, and makes a host up from the neighbour data for any other; so a host whose LLDP neighbour or
 * learnt MAC belongs to a later batch (a core switch's distribution switches) goes first without that
 * neighbour, and again, whole, after every host has been sent. Its neighbours name it in their own
 * batches meanwhile, so every link is drawn either way; the second sending adds the near end.
 */
export function* hostBatches(hosts: SeedHost[], limits: BatchLimits): Generator<ObservationBatch> {
  const known = new Set<string>();
  const again: SeedHost[] = [];
  for (const batch of packed(hosts, limits)) {
    for (const host of batch) for (const mac of macsOf(host)) known.add(mac);
    yield {
      again: false,
      hosts: batch.map((host) => {
        const interfaces = host.interfaces?.map((port) => withoutUnknown(port, known));
        if (!interfaces || interfaces.every((port, i) => port === host.interfaces![i])) return host;
        again.push(host);
        return { ...host, interfaces };
      }),
    };
  }
  for (const batch of packed(again, limits)) yield { again: true, hosts: batch };
}
