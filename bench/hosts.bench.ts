import 'reflect-metadata';
import { join } from 'node:path';
import { runHostsBench } from './hosts/run';

/**
 * `npm run bench` (docs/performance.md): the host list, limit=0, filters, ingest and topology views at
 * 1,000, 10,000 and 100,000 hosts, against a bare Fastify + pg server in the same run. Knobs:
 * BENCH_SIZES=1000,10000 (sizes), BENCH_SECONDS=5 (per measure), BENCH_CONNECTIONS=4.
 */
runHostsBench({
  sizes: (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number),
  load: {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 4),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
  },
  topologyRounds: 5,
  ingestUpTo: 10_000,
  wholeNetworkUpTo: 10_000,
  resultsFile: join(process.cwd(), 'bench', 'results', 'latest.json'),
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
