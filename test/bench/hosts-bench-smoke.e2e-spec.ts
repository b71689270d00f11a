import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHostsBench } from '../../bench/hosts/run';

/**
 * The host list bench (bench/hosts.bench.ts, `npm run bench`) on tiny data, so that it cannot rot: two
 * sizes (10 hosts ingested, 20 = the 10 copied by SQL), a few requests per measure. Asserts that every
 * measure produced numbers, every request answered 2xx, and the JSON's shape; never a timing.
 */
describe('hosts bench, smoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hosts-bench-'));
  // The bench makes its scratch databases on DATABASE_URL's server: the tests' own (embedded or not).
  const databaseUrl = process.env.DATABASE_URL;
  beforeAll(() => (process.env.DATABASE_URL = databaseUrl ?? process.env.NETATLAS_TEST_ADMIN_URL));
  afterAll(() => {
    if (databaseUrl === undefined) delete process.env.DATABASE_URL;
    rmSync(dir, { recursive: true, force: true });
  });

  it('measures everything on 10 and 20 hosts and writes the figures with their ratios', async () => {
    const file = join(dir, 'latest.json');
    const result = await runHostsBench({
      sizes: [10, 20],
      load: { connections: 2, seconds: 1, requests: 4 },
      topologyRounds: 1,
      ingestUpTo: 10,
      wholeNetworkUpTo: 20,
      resultsFile: file,
      log: () => undefined,
    });

    const measures = result.figures.map((f) => `${f.size} ${f.measure}`);
    for (const size of [10, 20]) {
      for (const name of [
        'page of 50 with children',
        'search',
        'tag_ids',
        'group_by',
        'at',
        'limit=0 with children',
        'limit=0 without children',
      ])
        expect(measures.some((m) => m.startsWith(`${size} `) && m.includes(name))).toBe(true);
      for (const view of ['L2Physical', 'L3Logical', 'Workloads', 'Application'])
        expect(measures).toContain(`${size} topology ${view}: server time`);
      expect(measures.some((m) => m.startsWith(`${size} ingest of 10 hosts`))).toBe(true);
    }
    expect(measures).toContain('20 page of 50 vs 10 hosts: p50');
    for (const f of result.figures) {
      expect(Number.isFinite(f.app) && Number.isFinite(f.baseline)).toBe(true);
      expect(typeof f.ratio).toBe('number');
      expect(f.ratio).not.toBeNaN();
      if (f.target) expect(typeof f.met).toBe('boolean');
    }
    for (const loads of Object.values(result.loads))
      for (const [name, load] of Object.entries(loads))
        expect({ name, answered: load.requests > 0, failures: load.failures }).toEqual({
          name,
          answered: true,
          failures: 0,
        });

    expect(result.bare_page_difference).toEqual({ 10: null, 20: null });

    const written = JSON.parse(readFileSync(file, 'utf8')) as { hosts: typeof result };
    expect(Object.keys(written.hosts).sort()).toEqual(
      [
        'at',
        'bare_page_difference',
        'commit',
        'connections',
        'figures',
        'loads',
        'requests_per_measure',
        'seconds_per_measure',
        'sizes',
      ].sort(),
    );
    expect(written.hosts.figures).toHaveLength(result.figures.length);
    for (const f of written.hosts.figures)
      expect(Object.keys(f).sort()).toEqual([
        'app',
        'baseline',
        'baseline_name',
        'measure',
        'met',
        'ratio',
        'size',
        'target',
        'unit',
      ]);
  }, 180_000);
});
