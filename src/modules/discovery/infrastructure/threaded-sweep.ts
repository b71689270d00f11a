import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Outcome, PortGrid } from './connect-sweep';
import type { RttEstimator } from './rtt-estimator';
import { acquireSweepWorker, releaseSweepWorker } from './sweep-worker-pool';

/** Below this many attempts a sweep stays on the calling thread: handing it over costs milliseconds. */
export const THREADED_MIN_ATTEMPTS = 4_096;
/** Connects are mostly kernel work; more threads than cores only add switching. */
const MAX_THREADS = 4;

/** A sweep worker's share of one sweep. */
export interface SweepRequest extends PortGrid {
  first: number;
  stride: number;
  concurrency: number;
  timeoutMs: number;
  rttState: Int32Array;
}
/** To a worker: a sweep, or 'abort' (of the one it runs). */
export type SweepWorkerInput = { sweep: SweepRequest } | 'abort';
/** From a worker: batches of [attempt, OUTCOMES index] pairs, then 'done'. */
export type SweepWorkerOutput = Int32Array | 'done';
export const OUTCOMES: readonly Outcome[] = ['open', 'refused', 'silent'];

/** How many threads a sweep of this many attempts gets; 1: none. */
export function sweepThreads(attempts: number): number {
  return attempts < THREADED_MIN_ATTEMPTS ? 1 : Math.min(MAX_THREADS, availableParallelism());
}

/** One worker's share: resolves once it said 'done', rejects (and ends the worker) if it failed. */
function runShare(worker: Worker, request: SweepRequest, onOutcome: (attempt: number, outcome: Outcome) => void) {
  return new Promise<void>((resolve, reject) => {
    const stopListening = () => worker.off('message', receive).off('error', fail).off('exit', exited);
    const receive = (message: SweepWorkerOutput) => {
      if (message !== 'done') {
        for (let i = 0; i < message.length; i += 2) onOutcome(message[i], OUTCOMES[message[i + 1]]);
        return;
      }
      stopListening();
      releaseSweepWorker(worker);
      resolve();
    };
    const fail = (error: Error) => {
      stopListening();
      void worker.terminate();
      reject(error);
    };
    const exited = (code: number) => fail(new Error(`sweep worker exited with ${code} before it was done`));
    worker.on('message', receive).on('error', fail).on('exit', exited);
    worker.postMessage({ sweep: request } satisfies SweepWorkerInput);
  });
}

/**
 * The grid's connects split over `threads` worker threads (attempts interleaved, so addresses finish at the
 * same pace as on one thread), `concurrency` shared between them, one RTT estimate for all. Outcomes come
 * back here, in batches, in the order each thread saw them.
 */
export async function threadedSweep(
  grid: PortGrid,
  options: { threads: number; concurrency: number; rtt: RttEstimator; timeoutMs: number; signal?: AbortSignal },
  onOutcome: (attempt: number, outcome: Outcome) => void,
): Promise<void> {
  const { threads, concurrency, rtt, signal } = options;
  const workers = Array.from({ length: threads }, acquireSweepWorker);
  const abort = () => workers.forEach((worker) => worker.postMessage('abort' satisfies SweepWorkerInput));
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await Promise.all(
      workers.map((worker, first) =>
        runShare(
          worker,
          {
            addresses: [...grid.addresses],
            ports: [...grid.ports],
            first,
            stride: threads,
            concurrency: Math.max(1, Math.floor((concurrency + threads - 1 - first) / threads)),
            timeoutMs: options.timeoutMs,
            rttState: rtt.state,
          },
          onOutcome,
        ),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
