import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtWebUiRoot } from '../../src/common/http/web-ui';
import { report } from '../../bench/ui-topology/report';
import { runUiTopologyBench, type SizeResult } from '../../bench/ui-topology/run';

/**
 * The map bench (bench/ui-topology.bench.ts, `npm run bench`) on one small campus, so that it cannot rot:
 * 400 hosts (enough to be grouped), one load per measure, Chromium on the built UI. Asserts that every
 * measure produced numbers, the group opened and Find found the hidden host; never a timing.
 */
describe('ui-topology bench, smoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ui-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  beforeAll(() => (process.env.DATABASE_URL = databaseUrl ?? process.env.NETATLAS_TEST_ADMIN_URL));
  afterAll(() => {
    if (databaseUrl === undefined) delete process.env.DATABASE_URL;
    rmSync(dir, { recursive: true, force: true });
  });

  it('measures a 400-host campus in Chromium and writes the figures', async () => {
    const webRoot = process.env.WEB_ROOT ?? builtWebUiRoot();
    if (!existsSync(join(webRoot, 'index.html'))) throw new Error(`${webRoot} has no built UI: npm test builds it`);
    const file = join(dir, 'latest.json');
    const [r] = await runUiTopologyBench({ sizes: [400], rounds: 1, webRoot, resultsFile: file, log: () => undefined });

    const numbers = (value: unknown): number[] =>
      typeof value === 'number'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(numbers)
          : [];
    for (const n of numbers(r)) expect(Number.isFinite(n)).toBe(true);
    expect(r.hosts).toBe(400);
    expect(r.expand.group).toMatch(/^group:/);
    expect(r.expand.nodes_after).toBeGreaterThan(r.expand.nodes_before);
    expect(r.find.name).toMatch(/^bldg-a-/);
    expect(r.api.find_matches).toBeGreaterThan(0);
    expect(r.api.first_frame_bytes).toBeGreaterThan(0);
    expect(report([r], 1)).toContain('| first settled frame');

    const written = JSON.parse(readFileSync(file, 'utf8')) as { 'ui-topology': { sizes: SizeResult[] } };
    expect(written['ui-topology'].sizes).toEqual([r]);
  }, 240_000);
});
