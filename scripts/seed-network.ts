import { rack, SERVERS_PER_SWITCH, subnetCidr, subnetCount } from './seed-data';

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
 */
export async function seedNetwork(
  call: ApiCall,
  networkId: string,
  hosts: number,
  onProgress?: (progress: SeedProgress) => void,
): Promise<void> {
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
