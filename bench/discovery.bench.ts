import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, Socket } from 'node:net';
import { TOP_100_PORTS } from '../src/modules/discovery/domain/top-ports';
import { DEFAULT_CONCURRENCY } from '../src/modules/discovery/domain/run';
import { identifyService } from '../src/modules/discovery/infrastructure/service-probe';
import { tcpScan } from '../src/modules/discovery/infrastructure/tcp-scanner';
import { type Contenders, type Found, nmapScan, nmapVersion, race, report } from './scan-contest';

/**
 * `npm run bench`: our TCP connect scan against nmap's, both over nmap's top 100 TCP ports of the 256
 * addresses of 127.77.0.0/24, where 10 listeners of this process answer. Loopback only: Linux answers all of
 * 127.0.0.0/8 on `lo`, so nothing leaves the machine. Prints median times and ratios, ours to each, never
 * a verdict on time; fails only if our scan misses an open port another found, or a listener, or misnames one.
 */
const SUBNET = '127.77.0';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TIMEOUT_MS = 1_000;

type Speaker = 'http' | 'ssh' | 'redis';
/** Host byte, preferred port (unprivileged, so the bench runs as any user), what it speaks. */
const LISTENERS: [number, number, Speaker][] = [
  [3, 8080, 'http'],
  [29, 2001, 'ssh'],
  [57, 5000, 'redis'],
  [86, 8000, 'http'],
  [111, 1025, 'ssh'],
  [140, 8888, 'redis'],
  [168, 3000, 'http'],
  [197, 5432, 'ssh'],
  [225, 9999, 'redis'],
  [252, 8443, 'http'],
];

/** Keeps every accepted socket so that closing the listeners does not wait for idle peers. */
function speaker(kind: Speaker, sockets: Set<Socket>): Server {
  const server =
    kind === 'http'
      ? (createHttpServer((_req, res) => {
          res.setHeader('Server', 'nginx/1.25.3');
          res.end('<html><title>Welcome</title></html>');
        }) as unknown as Server)
      : createServer((socket) => {
          // Like sshd and Redis: the greeting, or an error per command, and the connection stays open.
          if (kind === 'ssh') socket.write('SSH-2.0-OpenSSH_9.2\r\n');
          else socket.on('data', () => socket.write('-ERR unknown command\r\n'));
          socket.on('error', () => undefined);
        });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return server;
}

/** Listens on the preferred port, else on the first free one of the top 100 at or above 1024. */
async function listen(server: Server, host: string, preferred: number): Promise<number> {
  const candidates = [preferred, ...TOP_100_PORTS.filter((p) => p >= 1024 && p !== preferred)];
  for (const port of candidates) {
    const ok = await new Promise<boolean>((resolve) => {
      const refused = () => resolve(false);
      server.once('error', refused);
      server.listen(port, host, () => {
        server.off('error', refused);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`no port of the top 100 is free on ${host}`);
}

/** What nmap -sT does: which ports are open. */
async function ourSweep(addresses: string[]): Promise<Found> {
  const found = await tcpScan(addresses, TOP_100_PORTS, { timeoutMs: TIMEOUT_MS });
  return { open: [...found].flatMap(([address, ports]) => ports.map((port) => `${address}:${port}`)).sort() };
}

/** What a run does: the sweep, then each open port's service named (service-probe.ts). */
async function ourScan(addresses: string[]): Promise<Found> {
  const found = await tcpScan(addresses, TOP_100_PORTS, { timeoutMs: TIMEOUT_MS });
  const opened = [...found].flatMap(([address, ports]) => ports.map((port) => ({ address, port })));
  const named = await Promise.all(opened.map(({ address, port }) => identifyService(address, port, TIMEOUT_MS)));
  const services = new Map(opened.map(({ address, port }, i) => [`${address}:${port}`, named[i].service_definition]));
  return { open: [...services.keys()].sort(), services };
}

/** Node's floor for any connect scan: bare sockets, same concurrency, nothing read. */
async function bareSweep(addresses: string[]): Promise<Found> {
  const open: string[] = [];
  let next = 0;
  const total = addresses.length * TOP_100_PORTS.length;
  const worker = async () => {
    while (next < total) {
      const job = next++;
      const address = addresses[Math.floor(job / TOP_100_PORTS.length)];
      const port = TOP_100_PORTS[job % TOP_100_PORTS.length];
      const socket = new Socket();
      const connected = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.connect(port, address, () => resolve(true));
      });
      socket.destroy();
      if (connected) open.push(`${address}:${port}`);
    }
  };
  await Promise.all(Array.from({ length: DEFAULT_CONCURRENCY }, worker));
  return { open: open.sort() };
}

const SERVICE: Record<Speaker, string> = { http: 'Nginx', ssh: 'Ssh', redis: 'Redis' };
const NMAP_FAIR = 'nmap -sT, one try, rtt cap (ports only)';
const OURS = `tcpScan (timeoutMs ${TIMEOUT_MS}, concurrency ${DEFAULT_CONCURRENCY}, ports only)`;
const OURS_NAMING = 'tcpScan, then each open port named (what a run does)';
const BARE = 'bare net.Socket connects, one thread (same concurrency)';

async function main(): Promise<void> {
  const sockets = new Set<Socket>();
  const servers: Server[] = [];
  const expected = new Map<string, string>();
  for (const [host, port, kind] of LISTENERS) {
    const server = speaker(kind, sockets);
    servers.push(server);
    expected.set(`${SUBNET}.${host}:${await listen(server, `${SUBNET}.${host}`, port)}`, SERVICE[kind]);
  }
  const addresses = Array.from({ length: 256 }, (_, i) => `${SUBNET}.${i}`);
  const ports = TOP_100_PORTS.join(',');
  // nmap's default timing (-T3) allows 10 retries; ours tries each port once and gives up after TIMEOUT_MS.
  // The fair equivalent: one try, the same cap on the round trip. No --host-timeout: it caps a whole host,
  // not an attempt, and would drop results. Both variants are timed; on loopback they differ little.
  const nmapDefaults = ['-sT', '-Pn', '-n', '-p', ports, `${SUBNET}.0/24`];
  const nmapFair = ['--max-retries', '0', '--max-rtt-timeout', `${TIMEOUT_MS}ms`, ...nmapDefaults];
  const contenders: Contenders = {
    [OURS]: () => ourSweep(addresses),
    [OURS_NAMING]: () => ourScan(addresses),
    [BARE]: () => bareSweep(addresses),
  };
  const nmap = nmapVersion();
  if (nmap) {
    contenders[NMAP_FAIR] = () => nmapScan(nmapFair);
    contenders['nmap -sT, default -T3 (ports only)'] = () => nmapScan(nmapDefaults);
    // Names services like ours, but its NULL probe waits 6 s per silent port: about a minute a run here.
    if (process.env.BENCH_NMAP_SV)
      contenders['nmap -sT -sV --version-intensity 0'] = () =>
        nmapScan(['-sV', '--version-intensity', '0', ...nmapFair]);
  }
  let failed = false;
  try {
    console.log(
      `discovery bench: TCP connect scan of ${SUBNET}.0/24 (256 addresses) x nmap's top 100 TCP ports, ` +
        `10 listeners (HTTP, SSH, Redis-like), median of ${ROUNDS} runs each, interleaved`,
    );
    if (nmap)
      console.log(`nmap ${nmap}, fair variant: nmap ${nmapFair.join(' ').replace(ports, '<the same 100 ports>')}`);
    const results = await race(contenders, ROUNDS);
    failed = report(results, OURS);
    if (nmap) {
      const toNmap = (name: string) => `x${(results[name].ms / results[NMAP_FAIR].ms).toFixed(2)}`;
      console.log(`to nmap (fair): sweep ${toNmap(OURS)}, sweep + naming ${toNmap(OURS_NAMING)}, bare ${toNmap(BARE)}`);
    }
    const named = results[OURS_NAMING].found.services;
    const wrong = [...expected].filter(([pair, service]) => named?.get(pair) !== service);
    if (wrong.length) {
      console.error(
        `!!! MISMATCH: tcpScan missed or misnamed ${wrong.map(([p, s]) => `${p} (${s}: ${named?.get(p)})`).join(' ')}`,
      );
      failed = true;
    } else console.log(`tcpScan found and named the 10 listeners: ${[...expected.values()].join(' ')}`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
