import { BODY_LIMIT_BYTES } from '../src/common/http/error-response';
import { rack, SERVERS_PER_SWITCH, subnetCidr, subnetCount } from './seed-data';
import { hostBatches } from './seed/batches';
import { toObservation } from './seed/identity';
import { generateNetwork, type SeedProfile } from './seed/profiles';
import type { SeedHost, SeedNetwork } from './seed/types';

/** One API call as the seeding user: method, path and JSON body in, status and body text out. */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) => Promise<{ status: number; body: string }>;

export interface SeedProgress {
  /** Hosts ingested so far, and the milliseconds since the first batch was sent. */
  done: number;
  ms: number;
  /** Generated profiles: hosts sent again once their later neighbours existed (seed/batches.ts). */
  again?: number;
}

const BATCH_HOSTS = 1000;

/** The racks of `hosts` demo hosts in observation batches of at most 1,000 hosts (whole racks), made as needed. */
function* observationBatches(hosts: number): Generator<object[]> {
  let batch: object[] = [];
  for (let first = 0; first < hosts; first += SERVERS_PER_SWITCH + 1) {
    const group = rack(first, Math.min(SERVERS_PER_SWITCH + 1, hosts - first));
    if (batch.length + group.length > BATCH_HOSTS) {
      yield batch;
      batch = [];
    }
    batch.push(...group);
  }
  if (batch.length > 0) yield batch;
}

async function expect200(what: string, reply: Promise<{ status: number; body: string }>) {
  const { status, body } = await reply;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${body.slice(0, 300)}`);
  return body;
}

/** Posts one batch of observed hosts into the network. */
const ingest = (call: ApiCall, networkId: string, hosts: object[]) =>
  expect200(
    'ingest',
    call('POST', '/api/v1/discovery/observations', {
      network_id: networkId,
      observed_at: new Date().toISOString(),
      hosts,
    }),
  );

/**
 * Fills a network through the public API: its /24 subnets, then the racks as observations in batches of
 * 1,000 hosts (about ten children each: addresses, ports, services, bindings, interfaces, LLDP links).
 * Another profile than racks is generated whole (scripts/seed/) and ingested by ingestNetwork.
 */
export async function seedNetwork(
  call: ApiCall,
  networkId: string,
  hosts: number,
  onProgress?: (progress: SeedProgress) => void,
  profile: SeedProfile = 'racks',
): Promise<void> {
  if (profile !== 'racks') return ingestNetwork(call, networkId, generateNetwork(profile, hosts), onProgress);
  for (let s = 0; s < subnetCount(hosts); s++)
    await expect200(
      `subnet ${subnetCidr(s)}`,
      call('POST', '/api/v1/subnets', { network_id: networkId, cidr: subnetCidr(s), name: `rack row ${s}` }),
    );
  const started = Date.now();
  let done = 0;
  for (const batch of observationBatches(hosts)) {
    await ingest(call, networkId, batch);
    done += batch.length;
    onProgress?.({ done, ms: Date.now() - started });
  }
}

/** What a host adds to a request body. */
const observationBytes = (host: SeedHost) => Buffer.byteLength(JSON.stringify(toObservation(host))) + 1;

/**
 * Fills a network with a generated one: its subnets, then its hosts in order, in batches of at most 1,000
 * hosts that stay within the API's body limit (a campus host with its ports is about 1.2 kB).
 */
export async function ingestNetwork(
  call: ApiCall,
  networkId: string,
  network: SeedNetwork,
  onProgress?: (progress: SeedProgress) => void,
  batchHosts = BATCH_HOSTS,
): Promise<void> {
  const limits = { hosts: batchHosts, bytes: BODY_LIMIT_BYTES - 1024, sizeOf: observationBytes };
  for (const { cidr, name } of network.subnets)
    await expect200(`subnet ${cidr}`, call('POST', '/api/v1/subnets', { network_id: networkId, cidr, name }));
  const started = Date.now();
  let done = 0;
  let again = 0;
  for (const batch of hostBatches(network.hosts, limits)) {
    await ingest(call, networkId, batch.hosts.map(toObservation));
    if (batch.again) again += batch.hosts.length;
    else done += batch.hosts.length;
    onProgress?.({ done, ms: Date.now() - started, again });
  }
}
