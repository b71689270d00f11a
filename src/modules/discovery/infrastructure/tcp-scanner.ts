import { Socket } from 'node:net';
import { DEFAULT_CONCURRENCY } from '../domain/run';
import { boundedTimes } from './bounded-map';
import { type Evidence, identify } from '../domain/service-catalogue';

export interface OpenPort {
  port: number;
  service_definition: string;
  banner?: string;
}

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
 * How long an open port may stay silent before it is asked as HTTP. Server-first services greet at once,
 * and a greeting that comes later still arrives before any answer to the question.
 */
const BANNER_WAIT_MS = 100;
const READ_LIMIT = 4096;
/**
 * Not an answer from the port: this process ran out of sockets (Node raises its soft descriptor limit to
 * the hard one at start-up, but even that can run out), so the attempt is made again.
 */
const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS']);

/** refused: a closed port, but a live host; silent: nothing answered in time (or unreachable). */
type Outcome = OpenPort | 'refused' | 'silent' | 'retry';

/**
 * Connects, waits for a greeting, else asks as HTTP; what it heard names the service. A closed port
 * costs one refused connect; only open ports wait, and only until their answer is complete.
 */
function probe(address: string, port: number, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let received = '';
    let asked = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (open: boolean, refused = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (!open) return resolve(refused ? 'refused' : 'silent');
      const evidence: Evidence = { port };
      if (received.startsWith('HTTP/')) evidence.http = httpEvidence(received);
      else if (received) evidence.banner = received;
      resolve({
        port,
        service_definition: identify(evidence),
        ...(received && !asked && { banner: received.slice(0, 256).trim() }),
      });
    };
    socket.setTimeout(timeoutMs, () => finish(socket.readyState === 'open'));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!settled && OUT_OF_DESCRIPTORS.has(error.code ?? '')) {
        settled = true;
        socket.destroy();
        return resolve('retry');
      }
      finish(false, error.code === 'ECONNREFUSED');
    });
    // A greeting is complete at its first line end (banners are matched on their first line); one without
    // (binary, like MySQL's) is read for the rest of BANNER_WAIT_MS.
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.length >= READ_LIMIT || (asked ? answerComplete(received) : received.includes('\n'))) finish(true);
    });
    socket.once('end', () => finish(true));
    socket.connect(port, address, () => {
      timer = setTimeout(() => {
        if (received) return finish(true);
        asked = true;
        socket.write(`GET / HTTP/1.0\r\nHost: ${address}\r\nUser-Agent: netatlas-discovery\r\n\r\n`);
        timer = setTimeout(() => finish(true), Math.min(timeoutMs, 1_000));
      }, BANNER_WAIT_MS);
    });
  });
}

/**
 * Enough of an answer to GET / to name the service: an HTTP head with the title or a 3xx-5xx status
 * (else the server's close or the read limit decides), or a first line of anything else (an error).
 */
function answerComplete(received: string): boolean {
  if (!received.startsWith('HTTP/')) return received.includes('\n');
  return /\r\n\r\n/.test(received) && /<\/title>|^HTTP\/[\d.]+ [345]/i.test(received);
}

/** Server header, title and the start of the body: what the catalogue matches HTTP services on. */
function httpEvidence(response: string): string {
  const server = /^server:\s*(.*)$/im.exec(response)?.[1] ?? '';
  const title = /<title>([^<]*)<\/title>/i.exec(response)?.[1] ?? '';
  const body = response.split('\r\n\r\n').slice(1).join('\r\n\r\n').slice(0, 1024);
  return `Server: ${server} ${title} ${body}`;
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
 * connections at once, each bounded by `timeoutMs`. Returns the addresses with open ports, by port.
 */
export async function tcpScan(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
): Promise<Map<string, OpenPort[]>> {
  const found = new Map<string, OpenPort[]>();
  const wanted = new Set(ports);
  let done = 0;
  const addressDone = () => options.onProgress?.(++done, addresses.length);
  const record = (address: string, port: number, outcome: Outcome) => {
    if (typeof outcome !== 'object' || !wanted.has(port)) return;
    const open = found.get(address);
    if (open) open.push(outcome);
    else found.set(address, [outcome]);
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
  for (const open of found.values()) open.sort((a, b) => a.port - b.port);
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
