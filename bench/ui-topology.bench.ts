import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtWebUiRoot } from '../src/common/http/web-ui';
import { report } from './ui-topology/report';
import { runUiTopologyBench } from './ui-topology/run';

/**
 * `npm run bench` (last): the map's speed (issue #31 item 8) on campus networks (scripts/seed/campus.ts)
 * of 1,000, 10,000 and 100,000 hosts, seeded through the observations ingest, in Debian's Chromium
 * headless: the first settled frame of /topology L2Physical against the /hosts page of the same network,
 * the JS heap, expanding a group, Find of a host inside a closed group, long tasks while panning and
 * zooming, the first frame's JSON size and the API's times. Prints a table and writes
 * bench/results/latest.json (key "ui-topology"). Asserts nothing. docs/performance.md "The map at 1k, 10k
 * and 100k".
 *
 * Knobs: BENCH_UI_HOSTS=1000,10000,100000 (campus sizes, 50 to 100,000), BENCH_UI_ROUNDS=3. The UI is
 * served from WEB_ROOT (default web/dist): build it first, e.g.
 * `npx vite build --config web/vite.config.ts --outDir /tmp/web-bench --emptyOutDir` and WEB_ROOT=/tmp/web-bench.
 */
async function main(): Promise<void> {
  const webRoot = process.env.WEB_ROOT ?? builtWebUiRoot();
  if (!existsSync(join(webRoot, 'index.html'))) {
    console.log(`ui-topology bench skipped: ${webRoot} has no built UI (npm run build:web, or set WEB_ROOT)`);
    return;
  }
  const rounds = Number(process.env.BENCH_UI_ROUNDS ?? 3);
  const results = await runUiTopologyBench({
    sizes: (process.env.BENCH_UI_HOSTS ?? '1000,10000,100000').split(',').map(Number),
    rounds,
    webRoot,
    resultsFile: join(process.cwd(), 'bench', 'results', 'latest.json'),
    log: (line) => console.log(line),
  });
  console.log(report(results, rounds));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
