import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { withScratchDatabase } from '../scratch-database';
import { firstFrameGroups, median, timedGet } from './api';
import { startUiBenchApp } from './app';
import { launch } from './browser';
import { expandGroup, findHidden, firstFrame, hostsPage, panAndZoom, type Target } from './measures';
import { seedCampus, type SeededNetwork } from './seed';

export interface UiBenchOptions {
  sizes: number[];
  /** Fresh loads per measure (median), after one that warms the server and the browser up. */
  rounds: number;
  webRoot: string;
  resultsFile: string;
  log: (line: string) => void;
}

/** Everything measured at one size; times in ms, sizes in bytes, heap in MB. */
export interface SizeResult {
  hosts: number;
  seed: { ms: number; hosts_per_second: number };
  first_frame: { ms: number; heap_mb: number; nodes: number; edges: number };
  hosts_page: { ms: number; heap_mb: number };
  time_ratio: number;
  heap_ratio: number;
  /** remounted: 1 when the canvas was unmounted and mounted again on the way (Loading shown meanwhile). */
  expand: { group: string; members: number; ms: number; nodes_before: number; nodes_after: number; remounted: number };
  find: { name: string; option_ms: number; reveal_ms: number; total_ms: number; remounted: number };
  long_tasks: { count: number; longest_ms: number; sequence_ms: number };
  api: {
    first_frame_bytes: number;
    topology_ms: number;
    expand_bytes: number;
    expand_ms: number;
    find_ms: number;
    find_matches: number;
  };
}

const commit = () => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

/** The median of `rounds` results of `work`, field by field, after one warm-up call. */
async function medianOf<T extends Record<string, number>>(rounds: number, work: () => Promise<T>): Promise<T> {
  await work();
  const results: T[] = [];
  for (let i = 0; i < rounds; i++) results.push(await work());
  return Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(results.map((r) => r[k]))])) as T;
}

/**
 * The map's speed (issue #31 item 8) on campus networks of each size: seeded through the ingest, then the
 * API's answers and the page in headless Chromium. Writes `ui-topology` into resultsFile; asserts nothing.
 */
export async function runUiTopologyBench(o: UiBenchOptions): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  const measured = commit(); // the code that runs is the code at the start
  await withScratchDatabase(async (dataSource, url) => {
    const app = await startUiBenchApp(dataSource, url, o.webRoot);
    // Every size seeded first, then measured: the measures run together, after the long ingest.
    const networks: SeededNetwork[] = [];
    try {
      for (const hosts of o.sizes) {
        o.log(`campus of ${hosts} hosts`);
        networks.push(await seedCampus(dataSource, app.call, hosts, o.log));
      }
    } catch (error) {
      await app.close();
      throw error;
    }
    const browser = await launch();
    const t: Target = { browser, baseUrl: app.baseUrl, cookie: app.cookie };
    try {
      for (const net of networks) {
        const { hosts } = net;
        o.log(`measuring ${hosts} hosts`);
        const base = `/api/v1/topology?network_id=${net.id}&view=L2Physical&group=auto`;
        const topology = await timedGet(app.call, base, o.rounds + 1);
        const frame = firstFrameGroups(topology.body);
        if (!frame.biggest) throw new Error(`${hosts} hosts: the first frame has no group`);
        const group = frame.biggest.id;
        const expanded = await timedGet(app.call, `${base}&expand=${encodeURIComponent(group)}`, o.rounds);
        const found = await timedGet(
          app.call,
          `/api/v1/topology/find?network_id=${net.id}&view=L2Physical&q=${encodeURIComponent(net.hidden)}`,
          o.rounds,
        );
        o.log(`  API: first frame ${topology.bytes} B in ${topology.ms.toFixed(0)} ms, find ${found.ms.toFixed(0)} ms`);

        const hostsBase = await medianOf(o.rounds, () => hostsPage(t, net.id));
        const first = await medianOf(o.rounds, () => firstFrame(t, net.id));
        o.log(`  first frame ${first.ms.toFixed(0)} ms (hosts page ${hostsBase.ms.toFixed(0)} ms)`);
        const expand = await medianOf(o.rounds, () => expandGroup(t, net.id, group));
        const find = await medianOf(o.rounds, () => findHidden(t, net.id, net.hidden));
        const long = await panAndZoom(t, net.id);
        o.log(
          `  expand ${expand.ms.toFixed(0)} ms, find ${find.optionMs.toFixed(0)} / ${find.revealMs.toFixed(0)} ms, ${long.count} long tasks`,
        );
        results.push({
          hosts,
          seed: { ms: net.seedMs, hosts_per_second: net.hostsPerSecond },
          first_frame: { ms: first.ms, heap_mb: first.heapMb, nodes: frame.nodes, edges: frame.edges },
          hosts_page: { ms: hostsBase.ms, heap_mb: hostsBase.heapMb },
          time_ratio: first.ms / hostsBase.ms,
          heap_ratio: first.heapMb / hostsBase.heapMb,
          expand: {
            group,
            members: frame.biggest.data.member_count ?? NaN,
            ms: expand.ms,
            nodes_before: expand.nodesBefore,
            nodes_after: expand.nodesAfter,
            remounted: expand.remounted,
          },
          find: {
            name: net.hidden,
            option_ms: find.optionMs,
            reveal_ms: find.revealMs,
            total_ms: find.totalMs,
            remounted: find.remounted,
          },
          long_tasks: { count: long.count, longest_ms: long.longestMs, sequence_ms: long.sequenceMs },
          api: {
            first_frame_bytes: topology.bytes,
            topology_ms: topology.ms,
            expand_bytes: expanded.bytes,
            expand_ms: expanded.ms,
            find_ms: found.ms,
            find_matches: (JSON.parse(found.body) as { data: unknown[] }).data.length,
          },
        });
      }
    } finally {
      await browser.close();
      await app.close();
    }
  });
  mkdirSync(join(o.resultsFile, '..'), { recursive: true });
  const previous = existsSync(o.resultsFile) ? (JSON.parse(readFileSync(o.resultsFile, 'utf8')) as object) : {};
  const written = {
    at: new Date().toISOString(),
    commit: measured,
    profile: 'campus',
    rounds: o.rounds,
    sizes: results,
  };
  writeFileSync(o.resultsFile, `${JSON.stringify({ ...previous, 'ui-topology': written }, null, 2)}\n`);
  return results;
}
