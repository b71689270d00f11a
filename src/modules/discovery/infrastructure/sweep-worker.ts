import { parentPort, workerData } from 'node:worker_threads';
import { connectSweep, gridTargets } from './connect-sweep';
import { RttEstimator } from './rtt-estimator';
import { OUTCOMES, type SweepWorkerData, type SweepWorkerMessage } from './threaded-sweep';

/** A worker thread's share of a connect sweep (see threaded-sweep.ts). */

// Here every refused connect is an Error that Node builds and nobody reads: capturing their stack traces
// cost a tenth of the sweep. This thread runs nothing else, so none are wanted.
Error.stackTraceLimit = 0;

const BATCH = 1_024;
const FLUSH_AFTER_MS = 5;

const data = workerData as SweepWorkerData;
const port = parentPort!;
const aborted = new AbortController();
port.on('message', (message) => message === 'abort' && aborted.abort());

let batch: number[] = [];
let flushTimer: NodeJS.Timeout | undefined;
const flush = () => {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (batch.length === 0) return;
  const message: SweepWorkerMessage = Int32Array.from(batch);
  port.postMessage(message, [message.buffer as ArrayBuffer]);
  batch = [];
};

void connectSweep(
  gridTargets(data, data.first, data.stride),
  { concurrency: data.concurrency, rtt: new RttEstimator(data.timeoutMs, data.rttState), signal: aborted.signal },
  (index, outcome) => {
    batch.push(data.first + index * data.stride, OUTCOMES.indexOf(outcome));
    if (batch.length >= 2 * BATCH) flush();
    else flushTimer ??= setTimeout(flush, FLUSH_AFTER_MS);
  },
).then(() => {
  flush();
  port.postMessage('done' satisfies SweepWorkerMessage);
  port.close();
});
