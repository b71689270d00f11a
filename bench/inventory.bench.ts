import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/common/config/app-config';
import { withScratchDatabase } from './scratch-database';
import { rack, SERVERS_PER_SWITCH, subnetCidr, subnetCount } from '../scripts/seed-data';

/**
 * `npm run bench`: inventory speed as ratios to baselines measured in the same run, on a scratch
 * database it creates and drops. Prints a table; asserts nothing.
 */
const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
const ROUNDS = 30;

async function median(rounds: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function main(): Promise<void> {
  await withScratchDatabase(async (dataSource, url) => {
    // The limiter's clock runs fast: this measures the inventory, not the rate limit (bench/rate-limit.bench.ts does).
    const app = await createApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }),
      dataSource,
      clock: () => Date.now() * 1_000_000,
    });
    const call = (method: 'GET' | 'POST', path: string, body?: object, cookie?: string) =>
      app.inject({ method, url: path, payload: body, headers: cookie ? { cookie: `session_id=${cookie}` } : {} });
    const registered = await call('POST', '/api/auth/register', {
      email: `bench-${randomUUID()}@example.test`,
      password: 'benchmark-password',
      name: 'Bench',
      organization_name: 'Bench',
    });
    const cookie = /session_id=([^;]+)/.exec(String(registered.headers['set-cookie']))![1];
    const networkId = (await call('POST', '/api/v1/networks', { name: 'bench' }, cookie)).json<{
      data: { id: string };
    }>().data.id;
    for (let s = 0; s < subnetCount(HOSTS); s++)
      await call('POST', '/api/v1/subnets', { network_id: networkId, cidr: subnetCidr(s) }, cookie);

    const racks: object[][] = [];
    for (let first = 0; first < HOSTS; first += SERVERS_PER_SWITCH + 1)
      racks.push(rack(first, Math.min(SERVERS_PER_SWITCH + 1, HOSTS - first)));
    const batches: object[][] = [];
    for (const group of racks) {
      const last = batches[batches.length - 1];
      if (last && last.length + group.length <= 1000) last.push(...group);
      else batches.push([...group]);
    }
    const ingest = (hosts: object[]) =>
      call(
        'POST',
        '/api/v1/discovery/observations',
        { network_id: networkId, observed_at: new Date().toISOString(), hosts },
        cookie,
      );
    const firstIngest = performance.now();
    for (const batch of batches) await ingest(batch);
    const ingestMs = performance.now() - firstIngest;
    const rows = Number(
      (
        await dataSource.query(
          `SELECT (SELECT count(*) FROM hosts) + (SELECT count(*) FROM ip_addresses) + (SELECT count(*) FROM ports) + (SELECT count(*) FROM services) + (SELECT count(*) FROM bindings) + (SELECT count(*) FROM interfaces) AS n`,
        )
      )[0].n,
    );
    // Baseline: the same number of rows written by one bare INSERT ... SELECT, the floor for any ingest.
    await dataSource.query(`CREATE TEMP TABLE floor (id uuid, a text, b text, c int)`);
    const floorStarted = performance.now();
    await dataSource.query(
      `INSERT INTO floor SELECT gen_random_uuid(), md5(i::text), md5((i * 7)::text), i FROM generate_series(1, $1) i`,
      [rows],
    );
    const floorMs = performance.now() - floorStarted;
    const reIngestMs = await median(3, () => ingest(batches[0]));
    await dataSource.query('ANALYZE');

    const version = await median(ROUNDS, () => call('GET', '/api/version'));
    const page = await median(ROUNDS, () => call('GET', '/api/v1/hosts?limit=50', undefined, cookie));
    const pageBare = await median(ROUNDS, () =>
      call('GET', '/api/v1/hosts?limit=50&include_children=false', undefined, cookie),
    );
    const asOf = await median(ROUNDS, () =>
      call('GET', `/api/v1/hosts?limit=50&at=${new Date().toISOString()}`, undefined, cookie),
    );
    const search = await median(ROUNDS, () => call('GET', '/api/v1/hosts?limit=50&search=db-', undefined, cookie));
    const grouped = await median(ROUNDS, () =>
      call('GET', '/api/v1/hosts?limit=50&group_by=hostname&order_by=interface_ip', undefined, cookie),
    );

    const view = (name: string) => () =>
      call('GET', `/api/v1/topology?network_id=${networkId}&view=${name}`, undefined, cookie);
    const topology = Object.fromEntries(
      await Promise.all(
        ['L2Physical', 'L3Logical', 'Workloads', 'Application'].map(
          async (name) => [name, await median(5, view(name))] as const,
        ),
      ),
    );

    const table = [
      ['measure', 'ms', 'baseline', 'baseline ms', 'ratio'],
      [`ingest ${HOSTS} hosts (${rows} rows)`, ingestMs, 'bare INSERT of as many rows', floorMs],
      ['re-ingest 1000 unchanged hosts', reIngestMs, 'bare INSERT of as many rows', floorMs * (1000 / HOSTS)],
      ['GET /hosts page of 50 with children', page, 'GET /api/version', version],
      ['GET /hosts page of 50, include_children=false', pageBare, 'GET /api/version', version],
      ['GET /hosts page of 50 as of now (at=)', asOf, 'live page', page],
      ['GET /hosts search', search, 'live page', page],
      ['GET /hosts group_by hostname, order_by interface_ip', grouped, 'live page', page],
      ...Object.entries(topology).map(([name, ms]) => [
        `GET /topology ${name} of all ${HOSTS} hosts`,
        ms,
        'GET /hosts page of 50',
        page,
      ]),
    ];
    console.log(`inventory bench, ${HOSTS} hosts, median of ${ROUNDS} requests`);
    for (const [measure, ms, base, baseMs] of table.slice(1) as [string, number, string, number][]) {
      console.log(
        `${measure.padEnd(52)} ${ms.toFixed(1).padStart(9)} ms   ${base.padEnd(28)} ${baseMs.toFixed(1).padStart(8)} ms   x${(ms / baseMs).toFixed(1)}`,
      );
    }
    await app.close();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
