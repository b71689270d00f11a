import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Sweep workers are kept between sweeps: a fresh thread compiles and warms up Node's socket code again,
 * which cost about half a second of CPU per 25,600 connects. Idle ones hold nothing open (unref) and end
 * after a minute.
 */
const IDLE_MS = 60_000;
const idle = new Map<Worker, { timer: NodeJS.Timeout; retire: () => void }>();

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

function startWorker(): Worker {
  const entry = join(__dirname, `sweep-worker${extname(__filename)}`);
  if (entry.endsWith('.js')) return new Worker(entry);
  return new Worker(TYPESCRIPT_BOOT, { eval: true, workerData: { entry, typescript: require.resolve('typescript') } });
}

/** A sweep worker for the caller alone until it is released (or, if it failed, terminated). */
export function acquireSweepWorker(): Worker {
  const [reused] = idle;
  if (!reused) return startWorker();
  const [worker, { timer, retire }] = reused;
  clearTimeout(timer);
  idle.delete(worker);
  worker.off('error', retire).ref();
  return worker;
}

/** Back to the pool; the caller has removed its listeners. */
export function releaseSweepWorker(worker: Worker): void {
  const retire = () => {
    clearTimeout(idle.get(worker)?.timer);
    idle.delete(worker);
    void worker.terminate();
  };
  worker.on('error', retire).unref();
  idle.set(worker, { timer: setTimeout(retire, IDLE_MS).unref(), retire });
}
