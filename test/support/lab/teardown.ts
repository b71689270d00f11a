// Self-contained (Node built-ins only): the reaper runs a transpiled copy of this file on its own.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Everything a lab may have created, written before it creates anything, so any process can undo it. */
export interface LabManifest {
  ownerPid: number;
  dir: string;
  namespaces: string[];
  /** Root-namespace links; deleting a veth end deletes its peer and the routes through it. */
  rootLinks: string[];
  lockFile: string;
}

export const pidDirectory = (dir: string) => join(dir, 'pids');

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Alive and not a zombie (our own children stay zombies until the event loop reaps them). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

function pidsFromFiles(dir: string): number[] {
  const pidDir = pidDirectory(dir);
  if (!existsSync(pidDir)) return [];
  return readdirSync(pidDir)
    .map((file) => Number(readFileSync(join(pidDir, file), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 1);
}

function pidsInNamespace(namespace: string): number[] {
  try {
    return execFileSync('ip', ['netns', 'pids', namespace], { stdio: 'pipe', encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function stopProcesses(manifest: LabManifest) {
  const own = pidsFromFiles(manifest.dir).filter(isRunning);
  signal(own, 'SIGTERM');
  for (let waited = 0; waited < 2000 && own.some(isRunning); waited += 50) sleepSync(50);
  signal(own.filter(isRunning), 'SIGKILL');
  // What the daemons forked (lldpd's unprivileged half, snmpd's pass_persist handler) lives in there too.
  for (let round = 0; round < 20; round++) {
    const left = manifest.namespaces.flatMap(pidsInNamespace).filter(isRunning);
    if (left.length === 0) return;
    signal(left, 'SIGKILL');
    sleepSync(50);
  }
}

function ipQuietly(...args: string[]) {
  try {
    execFileSync('ip', args, { stdio: 'pipe' });
  } catch {
    // already gone
  }
}

function releaseLock(manifest: LabManifest) {
  try {
    const holder = JSON.parse(readFileSync(manifest.lockFile, 'utf8')) as LabManifest;
    if (holder.dir === manifest.dir) rmSync(manifest.lockFile, { force: true });
  } catch {
    // no lock, or not ours
  }
}

/** Undoes a lab, whatever state it is in; safe to repeat, from any process. */
export function tearDownLab(manifest: LabManifest): void {
  stopProcesses(manifest);
  for (const link of manifest.rootLinks) ipQuietly('link', 'del', link);
  for (const namespace of manifest.namespaces) ipQuietly('netns', 'del', namespace);
  rmSync(manifest.dir, { recursive: true, force: true });
  releaseLock(manifest);
}
