import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Outcome, PortGrid } from './connect-sweep';
import type { RttEstimator } from './rtt-estimator';

/** Below this many attempts a sweep stays on the calling thread: starting a worker costs tens of milliseconds. */
export const THREADED_MIN_ATTEMPTS = 4_096;
/** Connects are mostly kernel work; more threads than cores only add switching. */
const MAX_THREADS = 4;

/** What a sweep worker is given; it answers with batches of [attempt, OUTCOMES index] pairs, then 'done'. */
export interface SweepWorkerData extends PortGrid {
  first: number;
  stride: number;
  concurrency: number;
  timeoutMs: number;
  rttState: Int32Array;
}
export type SweepWorkerMessage = Int32Array | 'done';
export const OUTCOMES: readonly Outcome[] = ['open', 'refused', 'silent'];

/** How many threads a sweep of this many attempts gets; 1: none started. */
export function sweepThreads(attempts: number): number {
  return attempts < THREADED_MIN_ATTEMPTS ? 1 : Math.min(MAX_THREADS, availableParallelism());
}

/**
 * Run from TypeScript sources (tests), a worker compiles the modules it loads with `typescript` (present
 * wherever the sources are run); built, it loads the JavaScript next to this file.
 */
const TYPESCRIPT_BOOT = `
const { workerData: { entry, typescript } } = require('node:worker_threads');
const ts = require(typescript);
const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
require.extensions['.ts'] = (module, file) =>
  module._compile(ts.transpileModule(require('node:fs').readFileSync(file, 'utf8'), { compilerOptions: options }).outputText, file);
require(entry);
`;

function startWorker(data: SweepWorkerData): Worker {
  const entry = join(__dirname, `sweep-worker${extname(__filename)}`);
  if (entry.endsWith('.js')) return new Worker(entry, { workerData: data });
  return new Worker(TYPESCRIPT_BOOT, {
    eval: true,
    workerData: { ...data, entry, typescript: require.resolve('typescript') },
  });
}

/**
 * The grid's connects split over `threads` worker threads (attempts interleaved, so addresses finish at the
 * same pace as on one thread), `concurrency` shared between them, one RTT estimate for all. Outcomes come
 * back here, in batches, in the order each thread saw them.
 */
export function threadedSweep(
  grid: PortGrid,
  options: { threads: number; concurrency: number; rtt: RttEstimator; timeoutMs: number; signal?: AbortSignal },
  onOutcome: (attempt: number, outcome: Outcome) => void,
): Promise<void> {
  const { threads, concurrency, rtt, signal } = options;
  const workers = Array.from({ length: threads }, (_, first) =>
    startWorker({
      addresses: [...grid.addresses],
      ports: [...grid.ports],
      first,
      stride: threads,
      concurrency: Math.max(1, Math.floor((concurrency + threads - 1 - first) / threads)),
      timeoutMs: options.timeoutMs,
      rttState: rtt.state,
    }),
  );
  const abort = () => workers.forEach((worker) => worker.postMessage('abort'));
  signal?.addEventListener('abort', abort, { once: true });
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.on('message', (message: SweepWorkerMessage) => {
            if (message === 'done') return resolve();
            for (let i = 0; i < message.length; i += 2) onOutcome(message[i], OUTCOMES[message[i + 1]]);
          });
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`sweep worker exited with ${code} before it was done`)));
        }),
    ),
  ).then(
    () => signal?.removeEventListener('abort', abort),
    async (error: unknown) => {
      signal?.removeEventListener('abort', abort);
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    },
  );
}
