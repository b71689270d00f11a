import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { connectSweep, gridTargets, type Outcome, type SweepTargets } from './connect-sweep';
import { RTT_TIMEOUT_FLOOR_MS, RttEstimator } from './rtt-estimator';

/** A port that takes no connection: its listener never accepts and its one-place queue is taken, so SYNs are dropped. */
async function silentPort(): Promise<{ port: number; close(): void }> {
  const listener: ChildProcess = spawn('python3', [
    '-c',
    "import socket, time\ns = socket.socket()\ns.bind(('127.0.0.6', 0))\ns.listen(0)\nprint(s.getsockname()[1], flush=True)\ntime.sleep(120)",
  ]);
  const port = await new Promise<number>((resolve) => listener.stdout!.once('data', (line) => resolve(Number(line))));
  const queued: Socket[] = [];
  // listen(0) queues one connection: fill it (a second may complete too, depending on the kernel).
  for (let i = 0; i < 2; i++)
    queued.push(
      await new Promise<Socket>((resolve) => {
        const socket = connect(port, '127.0.0.6', () => resolve(socket)).on('error', () => undefined);
        setTimeout(() => resolve(socket), 200);
      }),
    );
  return {
    port,
    close: () => {
      queued.forEach((socket) => socket.destroy());
      listener.kill('SIGKILL');
    },
  };
}

const list = (pairs: [string, number][]): SweepTargets => ({
  count: pairs.length,
  address: (i) => pairs[i][0],
  port: (i) => pairs[i][1],
});

describe('connectSweep', () => {
  let server: Server;
  let open: number;

  beforeAll(async () => {
    server = createServer((socket) => socket.on('error', () => undefined).destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.5', resolve));
    open = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('tells open from refused, and learns the round trip from both', async () => {
    const samples: number[] = [];
    const rtt = new (class extends RttEstimator {
      override observe(rttMs: number) {
        samples.push(rttMs);
        super.observe(rttMs);
      }
    })(1_000);
    const outcomes: Outcome[] = [];
    await connectSweep(
      list([
        ['127.0.0.5', open],
        ['127.0.0.5', 1],
      ]),
      { concurrency: 1, rtt },
      (i, outcome) => {
        outcomes[i] = outcome;
      },
    );
    expect(outcomes).toEqual(['open', 'refused']);
    expect(samples).toHaveLength(2);
    // Learned: no longer the ceiling allowed before the first answer (loopback: the floor, unless the
    // machine is so busy that a connect takes tens of milliseconds).
    expect(rtt.timeoutMs()).toBeGreaterThanOrEqual(RTT_TIMEOUT_FLOOR_MS);
    expect(rtt.timeoutMs()).toBeLessThan(1_000);
  });

  it('gives up on a silent port after the learned timeout, not the minute it was allowed', async () => {
    const silent = await silentPort();
    try {
      const rtt = new RttEstimator(60_000);
      const outcomes: Outcome[] = [];
      const targets: [string, number][] = [...Array.from({ length: 10 }, (): [string, number] => ['127.0.0.5', 1])];
      targets.push(['127.0.0.6', silent.port]);
      await connectSweep(list(targets), { concurrency: 1, rtt }, (i, outcome) => (outcomes[i] = outcome));
      expect(outcomes.at(-1)).toBe('silent');
    } finally {
      silent.close();
    }
  }, 10_000);

  it('gives up on attempts already waiting once answers show the network is fast', async () => {
    const silent = await silentPort();
    try {
      // The silent attempt starts first, under the minute allowed before anything answered.
      const rtt = new RttEstimator(60_000);
      const outcomes: Outcome[] = [];
      const targets: [string, number][] = [
        ['127.0.0.6', silent.port],
        ['127.0.0.5', 1],
        ['127.0.0.5', open],
      ];
      await connectSweep(list(targets), { concurrency: 3, rtt }, (i, outcome) => (outcomes[i] = outcome));
      expect(outcomes).toEqual(['silent', 'refused', 'open']);
    } finally {
      silent.close();
    }
  }, 10_000);

  it('splits a grid between threads without gaps or overlaps', () => {
    const grid = { addresses: ['a', 'b', 'c'], ports: [1, 2, 3, 4, 5] };
    const seen = [0, 1, 2].flatMap((first) => {
      const share = gridTargets(grid, first, 3);
      return Array.from({ length: share.count }, (_, i) => `${share.address(i)}:${share.port(i)}`);
    });
    expect(seen.sort()).toEqual(grid.addresses.flatMap((a) => grid.ports.map((p) => `${a}:${p}`)).sort());
  });
});
