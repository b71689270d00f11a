import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { ingestNetwork, type ApiCall } from '../../scripts/seed-network';
import { generateNetwork } from '../../scripts/seed/profiles';
import type { SeedHost } from '../../scripts/seed/types';

const INFRASTRUCTURE = new Set(['Router', 'Firewall', 'Switch']);

export interface SeededNetwork {
  hosts: number;
  id: string;
  /** An endpoint of the last building, which group=auto folds into a closed group: what Find looks for. */
  hidden: string;
  seedMs: number;
  hostsPerSecond: number;
}

/**
 * A campus of `hosts` hosts (scripts/seed/campus.ts) through the real ingest, as `npm run seed -- --profile
 * campus` does: subnets one request each, then observations in batches of up to 1,000 hosts (hosts facing a
 * later batch sent again at the end), in order, one batch at a time: ingests of one network queue behind
 * one advisory lock (observation.repository.ts lockNetwork), so batches sent in parallel would only overlap
 * their parsing and could land out of order. Then ANALYZE, as autovacuum would have by then.
 */
export async function seedCampus(
  dataSource: DataSource,
  call: ApiCall,
  hosts: number,
  log: (line: string) => void,
): Promise<SeededNetwork> {
  const network = generateNetwork('campus', hosts);
  const reply = await call('POST', '/api/v1/networks', { name: `campus ${hosts}` });
  if (reply.status !== 201) throw new Error(`network: ${reply.status} ${reply.body}`);
  const id = (JSON.parse(reply.body) as { data: { id: string } }).data.id;
  const started = performance.now();
  let lastLog = 0;
  await ingestNetwork(call, id, network, ({ done, ms, again }) => {
    if (done - lastLog >= 10_000 || (done === hosts && lastLog !== done)) {
      lastLog = done;
      log(
        `  ingest ${done}/${hosts} hosts${again ? ` (+${again} again)` : ''}, ${((done / ms) * 1000).toFixed(0)} hosts/s`,
      );
    }
  });
  const seedMs = performance.now() - started;
  await dataSource.query('ANALYZE');
  return { hosts, id, hidden: hiddenEndpoint(network.hosts).name, seedMs, hostsPerSecond: (hosts / seedMs) * 1000 };
}

/** The last endpoint generated: in the last building, on its last floor, so never drawn at the first frame. */
const hiddenEndpoint = (hosts: SeedHost[]) => [...hosts].reverse().find((h) => !INFRASTRUCTURE.has(h.device_type))!;
