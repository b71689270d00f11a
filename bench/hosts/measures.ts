import type { BareHostsServer } from '../bare-hosts-server';
import type { BenchApp } from './bench-app';
import { compareLoads, type Figure, figure } from './figures';
import { load, type LoadOptions, type LoadResult, withRssGrowth } from './load';
import { samePage } from './same-page';

export interface SizeUnderTest {
  size: number;
  app: BenchApp;
  bare: BareHostsServer;
  /** A network of the size (the first, when the size spans several). */
  networkId: string;
  /** A tag on every tenth host. */
  tagId: string;
  load: LoadOptions;
  /** Requests per topology view (their server times' median is the figure). */
  topologyRounds: number;
  /** limit=0 and the topology views run at sizes up to this one. */
  wholeNetworkUpTo: number;
}

const VIEWS = ['L2Physical', 'L3Logical', 'Workloads', 'Application'];
const RSS_BUDGET_MB = 50;
const TOPOLOGY_BUDGET_MS = 300;

/** A timed measure's untimed run before it: the JIT, the plan and buffer caches warm, for the app and the bare server alike. */
const WARM_UP_SECONDS = 1;

/**
 * One load measure on the app (with its API key) or the bare server; a timed one after a warm-up (a fixed
 * number of requests, the smoke test's, needs none).
 */
async function measure(
  url: string,
  authorization: string | null,
  options: LoadOptions,
  warm = true,
): Promise<LoadResult> {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (warm && !options.requests) await load(url, headers, { ...options, seconds: WARM_UP_SECONDS });
  return load(url, headers, options);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The page measures run this many rounds, in turns (bare, page, search, …, then again): a slow moment of
 * the machine falls on one round of each rather than on one measure, and each figure is its rounds' median.
 */
const ROUNDS = 3;

/** One measure of several rounds: the median round's rate and latencies, every request and failure counted. */
const medianOf = (rounds: LoadResult[]): LoadResult => ({
  rps: median(rounds.map((r) => r.rps)),
  p50_ms: median(rounds.map((r) => r.p50_ms)),
  p99_ms: median(rounds.map((r) => r.p99_ms)),
  requests: rounds.reduce((sum, r) => sum + r.requests, 0),
  failures: rounds.reduce((sum, r) => sum + r.failures, 0),
});

/** Runs the named measures in turns, `rounds` times over (once for a fixed number of requests: the smoke test). */
async function inTurns(
  measures: Record<string, (warm: boolean) => Promise<LoadResult>>,
  options: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const rounds: Record<string, LoadResult[]> = {};
  for (let round = 0; round < (options.requests ? 1 : ROUNDS); round++)
    for (const [name, run] of Object.entries(measures)) (rounds[name] ??= []).push(await run(round === 0));
  return Object.fromEntries(Object.entries(rounds).map(([name, results]) => [name, medianOf(results)]));
}

/** Every per-size figure: pages, filters, limit=0 with memory, topology views. The ingest is measured while seeding. */
export async function measureSize(
  t: SizeUnderTest,
): Promise<{ figures: Figure[]; loads: Record<string, LoadResult>; bareDifference: string | null }> {
  const bareDifference = await samePage(t.app.url, t.app.authorization, t.bare.url);
  const api = (query: string) => (warm: boolean) =>
    measure(`${t.app.url}/api/v1/hosts?${query}`, t.app.authorization, t.load, warm);
  const loads: Record<string, LoadResult> = await inTurns(
    {
      version: (warm) => measure(`${t.app.url}/api/version`, null, t.load, warm),
      bare_page: (warm) => measure(`${t.bare.url}/hosts?limit=50`, null, t.load, warm),
      page: api('limit=50'),
      search: api('limit=50&search=web'),
      tag_ids: api(`limit=50&tag_ids=${t.tagId}`),
      group_by: api('limit=50&group_by=network_id'),
      at: api(`limit=50&at=${encodeURIComponent(new Date().toISOString())}`),
    },
    t.load,
  );
  const s = t.size;
  const figures = [
    ...compareLoads(s, 'page of 50 with children', loads.page, 'bare Fastify + pg page', loads.bare_page, 1.3, 0.75),
    ...compareLoads(s, 'page of 50 vs /api/version', loads.page, 'GET /api/version', loads.version, null),
    ...(['search', 'tag_ids', 'group_by', 'at'] as const).flatMap((name) =>
      compareLoads(s, `page of 50, ${name}`, loads[name], 'plain page of 50', loads.page, 1.5),
    ),
  ];
  if (s > t.wholeNetworkUpTo) return { figures, loads, bareDifference };

  // A whole list can take longer than a timed run: a fixed two requests per connection instead.
  const whole: LoadOptions = { ...t.load, requests: t.load.requests ?? t.load.connections * 2 };
  for (const children of [true, false]) {
    const query = `limit=0${children ? '' : '&include_children=false'}`;
    const label = `limit=0 ${children ? 'with' : 'without'} children`;
    const app = await withRssGrowth(() => measure(`${t.app.url}/api/v1/hosts?${query}`, t.app.authorization, whole));
    const bare = await withRssGrowth(() => measure(`${t.bare.url}/hosts?${query}`, null, whole));
    loads[`all_${children ? 'with' : 'without'}_children`] = app.result;
    loads[`bare_all_${children ? 'with' : 'without'}_children`] = bare.result;
    figures.push(
      ...compareLoads(s, label, app.result, `bare server, ${label}`, bare.result, 2),
      figure(s, `${label}: RSS growth`, 'MB', app.rss_growth_mb, 'budget (MB)', RSS_BUDGET_MB, { op: '<=', value: 1 }),
      figure(s, `${label}: RSS growth, bare server`, 'MB', bare.rss_growth_mb, 'budget (MB)', RSS_BUDGET_MB),
    );
  }
  for (const view of VIEWS) {
    t.app.takeServerTimes('/api/v1/topology');
    for (let i = 0; i < t.topologyRounds + 1; i++) {
      const reply = await fetch(`${t.app.loggedUrl}/api/v1/topology?network_id=${t.networkId}&view=${view}`, {
        headers: { authorization: t.app.authorization },
      });
      if (reply.status !== 200)
        throw new Error(`topology ${view}: ${reply.status} ${(await reply.text()).slice(0, 300)}`);
      await reply.arrayBuffer();
    }
    const [, ...times] = t.app.takeServerTimes('/api/v1/topology'); // the first one warms up
    figures.push(
      figure(s, `topology ${view}: server time`, 'ms', median(times), 'budget (ms)', TOPOLOGY_BUDGET_MS, {
        op: '<=',
        value: 1,
      }),
    );
  }
  return { figures, loads, bareDifference };
}
