import { parentPort } from 'node:worker_threads';
import { connectSweep, gridTargets } from './connect-sweep';
import { RttEstimator } from './rtt-estimator';
import { OUTCOMES, type SweepRequest, type SweepWorkerInput, type SweepWorkerOutput } from './threaded-sweep';

/** A worker thread that runs its share of connect sweeps, one at a time (see threaded-sweep.ts). */

// Here every refused connect is an Error that Node builds and nobody reads: capturing their stack traces
// cost a tenth of the sweep. This thread runs nothing else, so none are wanted.
Error.stackTraceLimit = 0;

const BATCH_PAIRS = 1_024;
const FLUSH_AFTER_MS = 5;
const port = parentPort!;
let current: AbortController | undefined;

function send(message: SweepWorkerOutput) {
  if (message instanceof Int32Array) port.postMessage(message, [message.buffer as ArrayBuffer]);
  else port.postMessage(message);
}

async function sweep(request: SweepRequest) {
  current = new AbortController();
  let batch: number[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (batch.length > 0) send(Int32Array.from(batch));
    batch = [];
  };
  await connectSweep(
    gridTargets(request, request.first, request.stride),
    {
      concurrency: request.concurrency,
      rtt: new RttEstimator(request.timeoutMs, request.rttState),
      signal: current.signal,
    },
    (index, outcome) => {
      batch.push(request.first + index * request.stride, OUTCOMES.indexOf(outcome));
      if (batch.length >= 2 * BATCH_PAIRS) flush();
      else flushTimer ??= setTimeout(flush, FLUSH_AFTER_MS);
    },
  );
  flush();
  send('done');
}

port.on('message', (message: SweepWorkerInput) => {
  if (message === 'abort') current?.abort();
  else void sweep(message.sweep);
});
