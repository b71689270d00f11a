import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, type LabManifest, tearDownLab } from './teardown';

/** One lab per machine: the hosts' addresses and the root namespace's route to them are fixed. */
export const LAB_LOCK_FILE = join(tmpdir(), 'netatlas-lab.lock');

const POLL_MS = 250;
const HALF_WRITTEN_GRACE_MS = 5000;

function readHolder(lockFile: string): LabManifest | 'unreadable' | 'gone' {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8')) as LabManifest;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

const ageMs = (file: string) => Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());

/**
 * Takes the lock for `manifest`'s lab, writing the manifest into it. Waits while a live process holds it;
 * a dead holder's lab is torn down first (its reaper may have died with it).
 */
export async function acquireLabLock(manifest: LabManifest, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(manifest.lockFile, JSON.stringify(manifest), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(manifest.lockFile);
    if (holder === 'gone') continue;
    if (holder === 'unreadable') {
      if (ageMs(manifest.lockFile) > HALF_WRITTEN_GRACE_MS) rmSync(manifest.lockFile, { force: true });
    } else if (!isRunning(holder.ownerPid)) {
      tearDownLab(holder);
      continue;
    } else if (holder.ownerPid === process.pid) {
      throw new Error('This process already runs a lab: close it before starting another');
    }
    if (Date.now() > deadline) throw new Error(`Another lab still holds ${manifest.lockFile} after ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
}
