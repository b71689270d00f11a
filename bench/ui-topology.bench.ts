import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance as clock } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/common/config/app-config';
import { builtWebUiRoot } from '../src/common/http/web-ui';
import { rack, SERVERS_PER_SWITCH, subnetCidr, subnetCount } from '../scripts/seed-data';
import { withScratchDatabase } from './scratch-database';

/**
 * `npm run bench` (after the inventory benches): the topology page in Debian's Chromium over networks of
 * 1,000 and 10,000 hosts (a switch and 47 servers a rack, LLDP links; each server has an address, an
 * interface and a few ports, services and bindings: about ten children). Measures, per view, the time from
 * navigation start to `performance.mark('topology:interactive')` (set by the page when the first frame after
 * its data is drawn) and the page's JS heap, against the hosts page of the same network (time to its
 * table's first row) in the same run. Target: 10,000 hosts interactive within 2 s. Prints a table and writes
 * bench/results/latest.json (key "ui-topology"). Asserts nothing.
 *
 * The UI is served from WEB_ROOT (default web/dist): build it first, e.g.
 * `npx vite build --config web/vite.config.ts --outDir /tmp/web-bench --emptyOutDir` and WEB_ROOT=/tmp/web-bench.
 */
const SIZES = (process.env.BENCH_UI_HOSTS ?? '1000,10000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_UI_ROUNDS ?? 3);
const VIEWS = ['L2Physical', 'L3Logical'] as const;
const TARGET_MS = 2000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const RESULTS = join(process.cwd(), 'bench', 'results', 'latest.json');

interface PageMeasure {
  ms: number;
  heapMb: number;
}

/** The page's document, typed just enough (this file is compiled without the DOM's types). */
type PageGlobals = { document: { querySelector(selector: string): unknown } };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Opens `path` in a fresh page, waits for `ready` (which answers ms since navigation start), reads the heap. */
async function measure(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  path: string,
  ready: (page: Page) => Promise<number>,
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'session_id', value: cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const ms = await ready(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    return { ms, heapMb: heap / 1024 / 1024 };
  } finally {
    await context.close();
  }
}

/** Navigation start to the page's own mark, set when the canvas has drawn its first frame of data. */
const topologyReady = async (page: Page): Promise<number> => {
  await page.locator('[data-testid="topology-canvas"][data-state="ready"]').waitFor({ state: 'attached' });
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('topology:interactive', 'mark')[0];
    return mark ? mark.startTime : NaN;
  });
};

/** Navigation start to the first frame with a row in the hosts table. */
const hostsReady = async (page: Page): Promise<number> =>
  (
    await page.waitForFunction(() =>
      (globalThis as unknown as PageGlobals).document.querySelector('table tbody tr') ? performance.now() : 0,
    )
  ).jsonValue();

/** The median of ROUNDS loads, after one load that warms the server, the browser and the caches up. */
async function rounds(work: () => Promise<PageMeasure>): Promise<PageMeasure> {
  await work();
  const results: PageMeasure[] = [];
  for (let i = 0; i < ROUNDS; i++) results.push(await work());
  return { ms: median(results.map((r) => r.ms)), heapMb: median(results.map((r) => r.heapMb)) };
}

async function main(): Promise<void> {
  const webRoot = process.env.WEB_ROOT ?? builtWebUiRoot();
  if (!existsSync(join(webRoot, 'index.html'))) {
    console.log(`ui-topology bench skipped: ${webRoot} has no built UI (npm run build:web, or set WEB_ROOT)`);
    return;
  }
  await withScratchDatabase(async (dataSource, url) => {
    const app = await createApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, WEB_ROOT: webRoot, DISCOVERY_WORKER: 'false' }),
      dataSource,
      clock: () => Date.now() * 1_000_000,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = await app.getUrl();
    const call = (method: 'GET' | 'POST', path: string, body?: object, cookie?: string) =>
      app.inject({ method, url: path, payload: body, headers: cookie ? { cookie: `session_id=${cookie}` } : {} });
    const registered = await call('POST', '/api/auth/register', {
      email: `bench-${randomUUID()}@example.test`,
      password: 'benchmark-password',
      name: 'Bench',
      organization_name: 'Bench',
    });
    const cookie = /session_id=([^;]+)/.exec(String(registered.headers['set-cookie']))![1];

    const networks: { hosts: number; id: string; seedMs: number }[] = [];
    for (const hosts of SIZES) {
      const started = clock.now();
      const id = (await call('POST', '/api/v1/networks', { name: `bench ${hosts}` }, cookie)).json<{
        data: { id: string };
      }>().data.id;
      for (let s = 0; s < subnetCount(hosts); s++)
        await call('POST', '/api/v1/subnets', { network_id: id, cidr: subnetCidr(s) }, cookie);
      const racks: object[][] = [];
      for (let first = 0; first < hosts; first += SERVERS_PER_SWITCH + 1)
        racks.push(rack(first, Math.min(SERVERS_PER_SWITCH + 1, hosts - first)));
      let batch: object[] = [];
      const flush = async () => {
        const reply = await call(
          'POST',
          '/api/v1/discovery/observations',
          { network_id: id, observed_at: new Date().toISOString(), hosts: batch },
          cookie,
        );
        if (reply.statusCode !== 200) throw new Error(`ingest: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        batch = [];
      };
      for (const group of racks) {
        if (batch.length + group.length > 1000) await flush();
        batch.push(...group);
      }
      if (batch.length > 0) await flush();
      networks.push({ hosts, id, seedMs: clock.now() - started });
    }
    await dataSource.query('ANALYZE');

    // The API alone, for scale: the page asks with group=auto (or not; the UI decides).
    const api: Record<string, number> = {};
    for (const { hosts, id } of networks) {
      for (const view of VIEWS) {
        for (const group of ['', '&group=auto']) {
          const times: number[] = [];
          let size = 0;
          for (let i = 0; i < ROUNDS; i++) {
            const started = clock.now();
            const reply = await call(
              'GET',
              `/api/v1/topology?network_id=${id}&view=${view}${group}`,
              undefined,
              cookie,
            );
            times.push(clock.now() - started);
            size = reply.body.length;
          }
          api[`GET /topology ${view}${group ? ' group=auto' : ''}, ${hosts} hosts (${(size / 1024).toFixed(0)} KiB)`] =
            median(times);
        }
      }
    }

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    const rows: {
      measure: string;
      ms: number;
      heapMb: number;
      baseline: string;
      baseMs: number;
      baseHeapMb: number;
    }[] = [];
    try {
      for (const { hosts, id } of networks) {
        const base = await rounds(() => measure(browser, baseUrl, cookie, `/hosts?network=${id}`, hostsReady));
        for (const view of VIEWS) {
          const topo = await rounds(() =>
            measure(browser, baseUrl, cookie, `/topology?network_id=${id}&view=${view}`, topologyReady),
          ).catch((error: Error) => ({ ms: NaN, heapMb: NaN, error: error.message.split('\n')[0] }));
          if ('error' in topo) console.log(`topology ${view}, ${hosts} hosts: ${topo.error}`);
          rows.push({
            measure: `/topology ${view}, ${hosts} hosts: interactive`,
            ms: topo.ms,
            heapMb: topo.heapMb,
            baseline: `/hosts, ${hosts} hosts: table`,
            baseMs: base.ms,
            baseHeapMb: base.heapMb,
          });
        }
      }
    } finally {
      await browser.close();
      await app.close();
    }

    console.log(
      `ui-topology bench, Chromium headless, median of ${ROUNDS} page loads after one to warm up; target: ${TARGET_MS} ms at 10,000 hosts`,
    );
    for (const { hosts, seedMs } of networks) console.log(`seeded ${hosts} hosts in ${(seedMs / 1000).toFixed(1)} s`);
    for (const r of rows) {
      const verdict = r.measure.includes('10000 hosts') ? (r.ms <= TARGET_MS ? '  meets 2 s' : '  MISSES 2 s') : '';
      console.log(
        `${r.measure.padEnd(44)} ${r.ms.toFixed(0).padStart(6)} ms ${r.heapMb.toFixed(1).padStart(6)} MB   ` +
          `${r.baseline.padEnd(26)} ${r.baseMs.toFixed(0).padStart(6)} ms ${r.baseHeapMb.toFixed(1).padStart(6)} MB   ` +
          `time x${(r.ms / r.baseMs).toFixed(2)} heap x${(r.heapMb / r.baseHeapMb).toFixed(2)}${verdict}`,
      );
    }
    for (const [measure, ms] of Object.entries(api))
      console.log(`${measure.padEnd(70)} ${ms.toFixed(0).padStart(6)} ms`);

    mkdirSync(join(RESULTS, '..'), { recursive: true });
    const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          ...previous,
          'ui-topology': {
            at: new Date().toISOString(),
            rounds: ROUNDS,
            target_ms: TARGET_MS,
            pages: rows.map((r) => ({
              measure: r.measure,
              ms: r.ms,
              heap_mb: r.heapMb,
              baseline: r.baseline,
              baseline_ms: r.baseMs,
              baseline_heap_mb: r.baseHeapMb,
              time_ratio: r.ms / r.baseMs,
              heap_ratio: r.heapMb / r.baseHeapMb,
            })),
            api_ms: api,
          },
        },
        null,
        2,
      )}\n`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
