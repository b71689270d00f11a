import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { RttEstimator } from './rtt-estimator';

/** refused: a closed port, but a live host; silent: nothing answered in time (or unreachable). */
export type Outcome = 'open' | 'refused' | 'silent';

/**
 * Not an answer from the port: this process ran out of sockets (Node raises its soft descriptor limit to
 * the hard one at start-up, but even that can run out), so the attempt is made again a little later.
 */
const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS']);
const RETRY_AFTER_MS = 10;
/** How often overdue attempts are looked for at most: the timeout can shrink while they wait. */
const EXPIRY_TICK_MS = 20;

interface Attempt {
  index: number;
  socket: Socket;
  startedAt: number;
  settled: boolean;
}

export interface SweepTargets {
  count: number;
  address(index: number): string;
  port(index: number): number;
}

/** Every port of every address: attempt i is port i % ports.length of address i / ports.length. */
export interface PortGrid {
  addresses: readonly string[];
  ports: readonly number[];
}

/** The grid's attempts first, first + stride, first + 2 × stride, …: one thread's share of a sweep. */
export function gridTargets({ addresses, ports }: PortGrid, first = 0, stride = 1): SweepTargets {
  const attempt = (index: number) => first + index * stride;
  return {
    count: Math.max(0, Math.ceil((addresses.length * ports.length - first) / stride)),
    address: (index) => addresses[Math.floor(attempt(index) / ports.length)],
    port: (index) => ports[attempt(index) % ports.length],
  };
}

/**
 * One TCP connect per target, at most `concurrency` at once. Answers (accepted or refused) feed `rtt`, and
 * every attempt in flight is given up once it has waited `rtt.timeoutMs()`, its value now, not when the attempt
 * started: early attempts, made before anything answered, stop waiting as soon as the network has shown its
 * speed. One timer serves all attempts (they expire in the order they started); sockets carry no timers.
 */
export function connectSweep(
  targets: SweepTargets,
  options: { concurrency: number; rtt: RttEstimator; signal?: AbortSignal },
  onOutcome: (index: number, outcome: Outcome) => void,
): Promise<void> {
  const { concurrency, rtt, signal } = options;
  return new Promise((resolve) => {
    let next = 0;
    let inFlight = 0;
    let waiting: Attempt[] = [];
    let oldest = 0;
    let expiryTimer: NodeJS.Timeout | undefined;

    const settle = (attempt: Attempt, outcome: Outcome | 'retry') => {
      if (attempt.settled) return;
      attempt.settled = true;
      attempt.socket.destroy();
      if (outcome === 'retry' && !signal?.aborted) {
        setTimeout(() => start(attempt.index), RETRY_AFTER_MS);
        return;
      }
      if (outcome === 'open' || outcome === 'refused') rtt.observe(performance.now() - attempt.startedAt);
      inFlight--;
      onOutcome(attempt.index, outcome === 'retry' ? 'silent' : outcome);
      fill();
    };

    const start = (index: number) => {
      const socket = new Socket();
      const attempt: Attempt = { index, socket, startedAt: performance.now(), settled: false };
      waiting.push(attempt);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? '';
        settle(attempt, code === 'ECONNREFUSED' ? 'refused' : OUT_OF_DESCRIPTORS.has(code) ? 'retry' : 'silent');
      });
      socket.connect(targets.port(index), targets.address(index), () => settle(attempt, 'open'));
      expiryTimer ??= setTimeout(expireSoon, EXPIRY_TICK_MS);
    };

    const fill = () => {
      while (inFlight < concurrency && next < targets.count && !signal?.aborted) {
        inFlight++;
        start(next++);
      }
      if (inFlight === 0) {
        if (expiryTimer) clearTimeout(expiryTimer);
        resolve();
      }
    };

    // From the timer, wait for the loop's next check phase: answers that arrived while the loop was busy
    // are then handled (poll phase) before anyone is declared silent.
    const expireSoon = () => setImmediate(expire);
    const expire = () => {
      expiryTimer = undefined;
      const now = performance.now();
      const timeout = rtt.timeoutMs();
      while (oldest < waiting.length) {
        const attempt = waiting[oldest];
        if (!attempt.settled && now - attempt.startedAt < timeout) break;
        oldest++;
        settle(attempt, 'silent');
      }
      if (oldest > 1024 && oldest * 2 > waiting.length) [waiting, oldest] = [waiting.slice(oldest), 0];
      if (inFlight > 0) {
        const first = waiting[oldest];
        const due = first ? first.startedAt + timeout - performance.now() : EXPIRY_TICK_MS;
        expiryTimer ??= setTimeout(expireSoon, Math.min(EXPIRY_TICK_MS, Math.max(1, due)));
      }
    };

    fill();
  });
}
