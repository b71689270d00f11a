import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { seedNetwork } from '../../scripts/seed-network';
import type { BenchApp } from './bench-app';
import { figure, type Figure } from './figures';
import { replicateNetwork } from './replicate';

/** The tables an ingest fills, whose rows the bare INSERT writes again. */
const INGESTED = ['hosts', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'];
const INGEST_WITHIN = 10;
/** The issue sets the ingest's target for 10,000 hosts; smaller ingests are shown without one. */
const INGEST_TARGET_FROM = 10_000;

/**
 * The floor for an ingest: the same rows, inserted again by one bare INSERT ... SELECT per table into copies
 * of the tables (same columns and indexes, no foreign keys), timed together.
 */
async function bareInsertMs(dataSource: DataSource): Promise<{ ms: number; rows: number }> {
  let ms = 0;
  let rows = 0;
  for (const table of INGESTED) {
    await dataSource.query(`CREATE TABLE bench_floor_${table} (LIKE ${table} INCLUDING DEFAULTS INCLUDING INDEXES)`);
    const started = performance.now();
    await dataSource.query(`INSERT INTO bench_floor_${table} SELECT * FROM ${table}`);
    ms += performance.now() - started;
    rows += Number((await dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM bench_floor_${table}`))[0].n);
    await dataSource.query(`DROP TABLE bench_floor_${table}`);
  }
  return { ms, rows };
}

/**
 * Seeds `size` hosts: up to `ingestUpTo` through the API's observations (timed against the bare INSERT of
 * the same rows), beyond that by copying an ingested network of `ingestUpTo` hosts with SQL. Tags every
 * tenth host. Answers the network ids, the tag and the ingest figure.
 */
export async function seedSize(
  dataSource: DataSource,
  app: BenchApp,
  size: number,
  ingestUpTo: number,
  log: (line: string) => void,
): Promise<{ networkIds: string[]; tagId: string; figures: Figure[] }> {
  const created = async (path: string, body: object) => {
    const reply = await app.call('POST', path, body);
    if (reply.status !== 201) throw new Error(`${path}: ${reply.status} ${reply.body}`);
    return (JSON.parse(reply.body) as { data: { id: string } }).data.id;
  };
  const networkId = await created('/api/v1/networks', { name: `bench ${size}` });
  const ingested = Math.min(size, ingestUpTo);
  let ingestMs = 0;
  await seedNetwork(app.call, networkId, ingested, ({ done, ms }) => {
    ingestMs = ms;
    if (done === ingested || done % 5000 < 1000)
      log(`  ingest ${done}/${ingested} hosts, ${((done / ms) * 1000).toFixed(0)} hosts/s`);
  });
  const floor = await bareInsertMs(dataSource);
  const figures = [
    figure(
      size,
      `ingest of ${ingested} hosts (${floor.rows} rows)`,
      'ms',
      ingestMs,
      'bare INSERT of the same rows',
      floor.ms,
      ingested >= INGEST_TARGET_FROM ? { op: '<=', value: INGEST_WITHIN } : null,
    ),
  ];
  const copies = Math.ceil(size / ingested) - 1;
  const networkIds = [
    networkId,
    ...(copies > 0 ? await replicateNetwork(dataSource, app.call, networkId, copies) : []),
  ];
  if (copies > 0) log(`  copied the network ${copies} times by SQL: ${networkIds.length * ingested} hosts`);
  const tagId = await created('/api/v1/tags', { name: 'bench' });
  await dataSource.query(
    `INSERT INTO host_tags (organization_id, network_id, host_id, tag_id)
     SELECT organization_id, network_id, id, $1 FROM hosts WHERE valid_to IS NULL AND hashtext(id::text) % 10 = 0`,
    [tagId],
  );
  // As pgbench does before it measures: the state autovacuum keeps a live database in (statistics, the
  // visibility map, trigram indexes' pending entries merged), not the one a bulk load leaves.
  await dataSource.query('VACUUM ANALYZE');
  return { networkIds, tagId, figures };
}
