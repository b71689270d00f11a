import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TOP_100_PORTS } from '../src/modules/discovery/domain/top-ports';
import { readArpTable } from '../src/modules/discovery/infrastructure/arp-table';
import { LIVENESS_PORTS } from '../src/modules/discovery/infrastructure/network-scanner';
import { tcpScan } from '../src/modules/discovery/infrastructure/tcp-scanner';
import { type Contenders, type Found, nmapScan, nmapVersion, race, report } from './scan-contest';

/**
 * `npm run bench`: a routed /24 where most addresses answer nothing, built from network namespaces (needs
 * root, iproute2 and python3; skipped otherwise). This host reaches 10.203.91.0/24 through a router namespace
 * over a link with 5 ms of delay each way (bench/delay-wire.py between two tun devices: this kernel has no
 * netem); behind the router's bridge, 5 hosts listen on a few ports (the link drops TCP to one of them on
 * every port but 80 and 443, as an access list would), 2 hosts drop everything, the router itself refuses
 * every port, and the other 248 addresses do not exist (the router's ARP fails; it says host unreachable
 * ~3 s later, rate-limited).
 *
 * Our scan as a run makes it (host discovery by TCP to LIVENESS_PORTS, then the top 100 ports of the live)
 * against nmap -sT as it is used by default: its own host discovery (as root: ICMP echo and timestamp, SYN to
 * 443, ACK to 80) before the same connect scan of the same 100 ports. Both decide who is live in their
 * own way; neither scans the dead in full. Uses only 10.203.90.0/30 and 10.203.91.0/24, names `nb<pid>…`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMEOUT_MS = 1_000;
const TAG = `nb${process.pid}`;
const ROUTER = `${TAG}r`;
const [UPLINK, ROUTER_SIDE, SCANNER_SIDE] = ['10.203.90.0/30', '10.203.90.2', '10.203.90.1'];
const LAN = '10.203.91';
const DELAY_MS = 5;
const WIRE = join(__dirname, '../../bench/delay-wire.py');

/** Host byte and the ports it listens on. */
const LIVE: { host: number; ports: number[] }[] = [
  { host: 10, ports: [22, 80, 443] },
  { host: 60, ports: [22, 3306, 8080] },
  { host: 110, ports: [21, 25, 110, 143] },
  { host: 160, ports: [80, 443, 8443] },
  { host: 210, ports: [22, 5900, 8000] },
];
/** The link lets TCP to this host through on these ports only. */
const FIREWALLED = { host: 160, allow: [80, 443] };
/** Hosts whose every answer is dropped (their route back to us is a blackhole). */
const SILENT = [30, 200];

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

class NamespaceLan {
  private readonly processes: ChildProcess[] = [];
  private readonly namespaces: string[] = [];

  async build(): Promise<void> {
    this.namespace(ROUTER);
    const [ours, theirs] = [`${TAG}u`, `${TAG}v`];
    ip('tuntap', 'add', 'mode', 'tun', 'name', ours);
    ip('tuntap', 'add', 'mode', 'tun', 'name', theirs);
    const firewall = [`${LAN}.${FIREWALLED.host}`, FIREWALLED.allow.join(',')];
    await this.start('python3', [WIRE, ours, theirs, `${DELAY_MS}`, ...firewall]);
    ip('link', 'set', theirs, 'netns', ROUTER);
    ip('addr', 'add', `${SCANNER_SIDE}/30`, 'dev', ours);
    ip('link', 'set', ours, 'up');
    ip('route', 'add', `${LAN}.0/24`, 'via', ROUTER_SIDE);
    ip('-n', ROUTER, 'addr', 'add', `${ROUTER_SIDE}/30`, 'dev', theirs);
    ip('-n', ROUTER, 'link', 'set', theirs, 'up');
    ip('-n', ROUTER, 'link', 'add', `${TAG}s`, 'type', 'bridge');
    ip('-n', ROUTER, 'addr', 'add', `${LAN}.1/24`, 'dev', `${TAG}s`);
    ip('-n', ROUTER, 'link', 'set', `${TAG}s`, 'up');
    execFileSync('ip', ['netns', 'exec', ROUTER, 'sh', '-c', 'echo 1 > /proc/sys/net/ipv4/ip_forward']);
    for (const { host, ports } of LIVE) await this.serve(this.host(host), `${LAN}.${host}`, ports);
    for (const host of SILENT) ip('-n', this.host(host), 'route', 'add', 'blackhole', UPLINK);
  }

  close(): void {
    for (const process of this.processes) process.kill('SIGKILL');
    // Each namespace takes its interfaces with it (the router its tun); ours goes by name.
    for (const args of [...this.namespaces.reverse().map((ns) => ['netns', 'del', ns]), ['link', 'del', `${TAG}u`]]) {
      try {
        ip(...args);
      } catch {
        // already gone
      }
    }
  }

  private namespace(name: string) {
    ip('netns', 'add', name);
    this.namespaces.push(name);
    ip('-n', name, 'link', 'set', 'lo', 'up');
  }

  /** A namespace on the router's bridge at LAN.host, its default route through the router. */
  private host(host: number): string {
    const ns = `${TAG}h${host}`;
    this.namespace(ns);
    ip('link', 'add', `${ns}p`, 'type', 'veth', 'peer', 'name', ns);
    ip('link', 'set', `${ns}p`, 'netns', ROUTER);
    ip('-n', ROUTER, 'link', 'set', `${ns}p`, 'master', `${TAG}s`, 'up');
    ip('link', 'set', ns, 'netns', ns);
    ip('-n', ns, 'addr', 'add', `${LAN}.${host}/24`, 'dev', ns);
    ip('-n', ns, 'link', 'set', ns, 'up');
    ip('-n', ns, 'route', 'add', 'default', 'via', `${LAN}.1`);
    return ns;
  }

  private serve(ns: string, address: string, ports: number[]) {
    const script =
      `let up = 0; for (const port of ${JSON.stringify(ports)}) require('net')` +
      `.createServer((s) => s.on('error', () => {}).destroy()).listen(port, '${address}', () => ` +
      `++up === ${ports.length} && console.log('up'));`;
    return this.start('ip', ['netns', 'exec', ns, process.execPath, '-e', script]);
  }

  /** A helper process that prints a line once it is ready. */
  private async start(command: string, args: string[]) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    this.processes.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
    });
  }
}

/** As network-scanner.ts makes it: host discovery (TCP to LIVENESS_PORTS, then the ARP table), then the rest. */
async function ourScan(addresses: string[]): Promise<Found> {
  const found = await tcpScan(addresses, TOP_100_PORTS, {
    timeoutMs: TIMEOUT_MS,
    liveness: { ports: LIVENESS_PORTS, neighbours: async () => new Set((await readArpTable()).keys()) },
  });
  return { open: [...found].flatMap(([address, ports]) => ports.map((port) => `${address}:${port}`)).sort() };
}

function expectedOpen(): string[] {
  const reachable = (host: number, port: number) => host !== FIREWALLED.host || FIREWALLED.allow.includes(port);
  return LIVE.flatMap(({ host, ports }) =>
    ports.filter((port) => TOP_100_PORTS.includes(port) && reachable(host, port)).map((p) => `${LAN}.${host}:${p}`),
  ).sort();
}

async function main(): Promise<void> {
  const missing = ['ip', 'python3'].filter((tool) => spawnSync(tool, ['-V']).error);
  if (process.getuid?.() !== 0 || missing.length)
    return console.log(`namespace bench: skipped (needs root, iproute2 and python3; missing: ${missing.join(' ')})`);
  const nmap = nmapVersion();
  const lan = new NamespaceLan();
  const stop = () => {
    lan.close();
    process.exit(130);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  let failed = false;
  try {
    await lan.build();
    const addresses = Array.from({ length: 256 }, (_, i) => `${LAN}.${i}`);
    const ports = TOP_100_PORTS.join(',');
    const nmapDefault = ['-sT', '-n', '-p', ports, `${LAN}.0/24`];
    const nmapOneTry = ['--max-retries', '0', '--max-rtt-timeout', `${TIMEOUT_MS}ms`, ...nmapDefault];
    const OURS = `tcpScan with host discovery (timeoutMs ${TIMEOUT_MS})`;
    const contenders: Contenders = { [OURS]: () => ourScan(addresses) };
    if (nmap) {
      contenders['nmap -sT, one try, rtt cap (its host discovery)'] = () => nmapScan(nmapOneTry);
      contenders['nmap -sT, default -T3 (its host discovery)'] = () => nmapScan(nmapDefault);
    }
    console.log(
      `discovery namespace bench: ${LAN}.0/24 behind a router, ${DELAY_MS} ms each way; ${LIVE.length} live hosts ` +
        `(one firewalled), ${SILENT.length} dropping everything, 248 absent; top 100 ports; median of ${ROUNDS}, interleaved`,
    );
    if (nmap) console.log(`nmap ${nmap}: nmap ${nmapOneTry.join(' ').replace(ports, '<the same 100 ports>')}`);
    const results = await race(contenders, ROUNDS);
    failed = report(results, OURS);
    const expected = expectedOpen();
    const ours = results[OURS].found.open;
    if (ours.join() !== expected.join()) {
      console.error(`!!! MISMATCH: tcpScan found [${ours.join(' ')}], the network has [${expected.join(' ')}]`);
      failed = true;
    } else console.log(`tcpScan found exactly the ${expected.length} open ports`);
  } finally {
    lan.close();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
