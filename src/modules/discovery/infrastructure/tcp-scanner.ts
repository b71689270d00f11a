import { Socket } from 'node:net';
import { DEFAULT_CONCURRENCY } from '../domain/run';
import { boundedTimes } from './bounded-map';

export interface ScanOptions {
  /** Per connection attempt and per read. */
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

/**
 * Not an answer from the port: this process ran out of sockets (Node raises its soft descriptor limit to
 * the hard one at start-up, but even that can run out), so the attempt is made again.
 */
const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS']);

/** refused: a closed port, but a live host; silent: nothing answered in time (or unreachable). */
type Outcome = 'open' | 'refused' | 'silent' | 'retry';

/** One connect: open as soon as it is accepted (what listens there is asked later, see service-probe.ts). */
function probe(address: string, port: number, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const finish = (outcome: Outcome) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () => finish('silent'));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (OUT_OF_DESCRIPTORS.has(error.code ?? '')) return finish('retry');
      finish(error.code === 'ECONNREFUSED' ? 'refused' : 'silent');
    });
    socket.connect(port, address, () => finish('open'));
  });
}

/** One attempt per (address, port), at most `concurrency` at once; attempt i is port i % ports.length of address i / ports.length. */
async function sweep(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
  onOutcome: (index: number, port: number, outcome: Outcome) => void,
  onAddressDone: (index: number) => void,
): Promise<void> {
  const remaining = addresses.map(() => ports.length);
  await boundedTimes(
    addresses.length * ports.length,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    async (attempt) => {
      const [index, port] = [Math.floor(attempt / ports.length), ports[attempt % ports.length]];
      let outcome = await probe(addresses[index], port, options.timeoutMs);
      while (outcome === 'retry' && !options.signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        outcome = await probe(addresses[index], port, options.timeoutMs);
      }
      onOutcome(index, port, outcome);
      if (--remaining[index] === 0) onAddressDone(index);
    },
    options.signal,
  );
}

/**
 * TCP connect scan (no raw sockets needed): every port of every (live) address, at most `concurrency`
 * connections at once, each bounded by `timeoutMs`. Returns the open port numbers of each address that has any.
 */
export async function tcpScan(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
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
  await sweep(live, rest, options, (index, port, outcome) => record(live[index], port, outcome), addressDone);
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
