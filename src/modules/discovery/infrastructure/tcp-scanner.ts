import { DEFAULT_CONCURRENCY } from '../domain/run';
import { connectSweep, gridTargets, type Outcome } from './connect-sweep';
import { RttEstimator } from './rtt-estimator';
import { sweepThreads, threadedSweep } from './threaded-sweep';

export interface ScanOptions {
  /**
   * Per connection attempt at most; attempts wait less once answers have shown the network's round-trip
   * time (see RttEstimator), so silent addresses and ports cost a few round trips, not this.
   */
  timeoutMs: number;
  /** Connections in flight at most; DEFAULT_CONCURRENCY unless given. */
  concurrency?: number;
  signal?: AbortSignal;
  /** After each address: how many are done. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Host discovery first (as nmap does unless -Pn): these ports of every address, and only addresses that
   * answered (open or refused) or that `neighbours` names get the other ports. Open ones count only if asked for.
   */
  liveness?: { ports: readonly number[]; neighbours?: () => Promise<ReadonlySet<string>> };
}

/** One attempt per (address, port), on worker threads when there are many (see threaded-sweep.ts). */
async function sweep(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
  rtt: RttEstimator,
  onOutcome: (index: number, port: number, outcome: Outcome) => void,
  onAddressDone: (index: number) => void,
): Promise<void> {
  const remaining = addresses.map(() => ports.length);
  const grid = { addresses, ports };
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const threads = sweepThreads(addresses.length * ports.length);
  const outcome = (attempt: number, outcome: Outcome) => {
    const index = Math.floor(attempt / ports.length);
    onOutcome(index, ports[attempt % ports.length], outcome);
    if (--remaining[index] === 0) onAddressDone(index);
  };
  const { signal, timeoutMs } = options;
  if (threads > 1) await threadedSweep(grid, { threads, concurrency, rtt, timeoutMs, signal }, outcome);
  else await connectSweep(gridTargets(grid), { concurrency, rtt, signal }, outcome);
}

/**
 * TCP connect scan (no raw sockets needed): every port of every (live) address, at most `concurrency`
 * connections at once, each bounded by `timeoutMs` and, once anything answered, by the timeout learned from
 * the round trips of answers (host discovery's included). Returns the open port numbers of each address that has any.
 */
export async function tcpScan(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const rtt = new RttEstimator(options.timeoutMs);
  const wanted = new Set(ports);
  let done = 0;
  const addressDone = () => options.onProgress?.(++done, addresses.length);
  const record = (address: string, port: number, outcome: Outcome) => {
    if (outcome !== 'open' || !wanted.has(port)) return;
    const open = found.get(address);
    if (open) open.push(port);
    else found.set(address, [port]);
  };

  let live = addresses;
  let rest = ports;
  if (options.liveness) {
    const { ports: probes, neighbours } = options.liveness;
    const answered = new Set<number>();
    const isNeighbour = cachedLookup(neighbours);
    const judged: Promise<void>[] = [];
    const alive = new Set<number>();
    await sweep(
      addresses,
      probes,
      options,
      rtt,
      (index, port, outcome) => {
        if (outcome !== 'silent') answered.add(index);
        record(addresses[index], port, outcome);
      },
      (index) =>
        judged.push(
          (async () => {
            if (answered.has(index) || (await isNeighbour(addresses[index]))) alive.add(index);
            else addressDone();
          })(),
        ),
    );
    await Promise.all(judged);
    live = addresses.filter((_, index) => alive.has(index));
    rest = ports.filter((port) => !probes.includes(port));
  }
  await sweep(live, rest, options, rtt, (index, port, outcome) => record(live[index], port, outcome), addressDone);
  if (rest.length === 0) live.forEach(() => addressDone());
  for (const open of found.values()) open.sort((a, b) => a - b);
  return found;
}

/** A neighbour table read at most once a second, for many questions in a row; nobody is a neighbour without one. */
function cachedLookup(read?: () => Promise<ReadonlySet<string>>): (address: string) => Promise<boolean> {
  let cached: { at: number; table: Promise<ReadonlySet<string>> } | undefined;
  return async (address) => {
    if (!read) return false;
    if (!cached || Date.now() - cached.at > 1_000) cached = { at: Date.now(), table: read() };
    return (await cached.table).has(address);
  };
}
