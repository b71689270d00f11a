import { execFile, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

/** What a contender found: "address:port" of each open port, sorted; ours may also keep the service it named. */
export type Found = { open: string[]; services?: Map<string, string> };
export type Contenders = Record<string, () => Promise<Found>>;
export interface Result {
  ms: number;
  /** Every round's time, in the order run. */
  times: number[];
  found: Found;
}

/** nmap's version, installing it from Debian when missing; undefined if it cannot be had. */
export function nmapVersion(): string | undefined {
  const version = () =>
    /Nmap version (\S+)/.exec(spawnSync('nmap', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1];
  if (version()) return version();
  console.log('nmap is missing: trying `apt-get install -y nmap`');
  let install = spawnSync('apt-get', ['install', '-y', 'nmap'], { stdio: 'ignore' });
  if (install.status !== 0 && !install.error) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    install = spawnSync('apt-get', ['install', '-y', 'nmap'], { stdio: 'ignore' });
  }
  if (version()) return version();
  console.log(
    `nmap could not be installed (apt-get ${install.error ? install.error.message : `exit ${install.status}`}): ` +
      'install it (e.g. `sudo apt-get install -y nmap`) to compare; timing our scan alone',
  );
  return undefined;
}

/** Asynchronous: listeners may live in this process and must be able to answer nmap. */
export async function nmapScan(args: string[]): Promise<Found> {
  const { stdout } = await promisify(execFile)('nmap', [...args, '-oX', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const open: string[] = [];
  for (const host of stdout.split(/<host[ >]/).slice(1)) {
    const address = /<address addr="([^"]+)"/.exec(host)![1];
    for (const [, port] of host.matchAll(/portid="(\d+)"><state state="open"/g)) open.push(`${address}:${port}`);
  }
  return { open: open.sort() };
}

/** Runs the contenders in turn, `rounds` times (so drift on the machine hits all alike); median per contender. */
export async function race(contenders: Contenders, rounds: number): Promise<Record<string, Result>> {
  const runs = Object.fromEntries(
    Object.keys(contenders).map((name) => [name, { times: [] as number[], found: { open: [] } as Found }]),
  );
  for (let round = 0; round < rounds; round++)
    for (const [name, work] of Object.entries(contenders)) {
      const started = performance.now();
      runs[name].found = await work();
      runs[name].times.push(performance.now() - started);
    }
  return Object.fromEntries(
    Object.entries(runs).map(([name, { times, found }]) => [
      name,
      { ms: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], times, found },
    ]),
  );
}

/**
 * One line per contender: median, every round, ratio of `ours` to it; and whether it found other open ports
 * than ours. True when ours missed one that another found.
 */
export function report(results: Record<string, Result>, ours: string): boolean {
  let missed = false;
  const width = Math.max(...Object.keys(results).map((name) => name.length));
  for (const [name, { ms, times, found }] of Object.entries(results)) {
    const ratio = name === ours ? '' : `   ours/this x${(results[ours].ms / ms).toFixed(2)}`;
    const rounds = times.map((t) => t.toFixed(0)).join(' ');
    console.log(`${name.padEnd(width)} ${ms.toFixed(0).padStart(6)} ms  (rounds: ${rounds})${ratio}`);
    const onlyThem = found.open.filter((pair) => !results[ours].found.open.includes(pair));
    const onlyOurs = results[ours].found.open.filter((pair) => !found.open.includes(pair));
    if (onlyThem.length || onlyOurs.length) {
      console.error(
        `!!! MISMATCH with ${name}: ours missed [${onlyThem.join(' ')}], only ours [${onlyOurs.join(' ')}]`,
      );
      missed ||= onlyThem.length > 0;
    }
  }
  return missed;
}
