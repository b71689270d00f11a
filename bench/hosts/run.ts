import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startBareHostsServer } from '../bare-hosts-server';
import { withScratchDatabase } from '../scratch-database';
import { startBenchApp } from './bench-app';
import { compareLoads, type Figure } from './figures';
import type { LoadOptions, LoadResult } from './load';
import { measureSize } from './measures';
import { type HostsBenchResult, markdownTable, writeResult } from './report';
import { seedSize } from './seed-size';

export interface HostsBenchOptions {
  sizes: number[];
  load: LoadOptions;
  topologyRounds: number;
  /** Sizes above this are seeded by copying an ingested network of this many hosts with SQL. */
  ingestUpTo: number;
  /** limit=0 and the topology views are measured at sizes up to this one. */
  wholeNetworkUpTo: number;
  /** Where the JSON goes (under the key "hosts", beside other benches' keys). */
  resultsFile: string;
  log: (line: string) => void;
}

const commit = () => {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
};

/**
 * The host list bench (#19): per size, a scratch database seeded through the API, the app on loopback with
 * an API key, the bare Fastify + pg server beside it, and autocannon against both. Asserts nothing: prints
 * the table and writes the figures with their ratios to `resultsFile`.
 */
export async function runHostsBench(options: HostsBenchOptions): Promise<HostsBenchResult> {
  const started = { at: new Date().toISOString(), commit: commit() };
  const figures: Figure[] = [];
  const loads: Record<string, Record<string, LoadResult>> = {};
  const bareDifferences: Record<string, string | null> = {};
  for (const size of options.sizes) {
    options.log(`${size} hosts: seeding`);
    await withScratchDatabase(async (dataSource, url) => {
      const app = await startBenchApp(dataSource, url);
      try {
        const seeded = await seedSize(dataSource, app, size, options.ingestUpTo, options.log);
        figures.push(...seeded.figures);
        const bare = await startBareHostsServer(url, app.organizationId);
        try {
          options.log(`${size} hosts: measuring`);
          const measured = await measureSize({
            size,
            app,
            bare,
            networkId: seeded.networkIds[0],
            tagId: seeded.tagId,
            load: options.load,
            topologyRounds: options.topologyRounds,
            wholeNetworkUpTo: options.wholeNetworkUpTo,
          });
          figures.push(...measured.figures);
          loads[size] = measured.loads;
          bareDifferences[size] = measured.bareDifference;
          if (measured.bareDifference)
            options.log(`  the bare page differs from the app's: ${measured.bareDifference}`);
        } finally {
          await bare.close();
        }
      } finally {
        await app.close();
      }
    });
  }
  const [smallest, largest] = [Math.min(...options.sizes), Math.max(...options.sizes)];
  if (largest > smallest)
    figures.push(
      ...compareLoads(
        largest,
        `page of 50 vs ${smallest} hosts`,
        loads[largest].page,
        `page at ${smallest}`,
        loads[smallest].page,
        1.3,
      ),
    );
  const result: HostsBenchResult = {
    ...started,
    sizes: options.sizes,
    connections: options.load.connections,
    seconds_per_measure: options.load.requests ? null : options.load.seconds,
    requests_per_measure: options.load.requests ?? null,
    figures,
    loads,
    bare_page_difference: bareDifferences,
  };
  const previous = existsSync(options.resultsFile)
    ? (JSON.parse(readFileSync(options.resultsFile, 'utf8')) as Record<string, unknown>)
    : {};
  writeResult(options.resultsFile, 'hosts', result, previous);
  options.log(markdownTable(figures));
  return result;
}
