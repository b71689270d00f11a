import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pidDirectory } from './teardown';

/** A long-running process inside a namespace, its output in `logFile`, its pid in the lab's pid files. */
export interface NamespaceProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Set once it has exited; a daemon that exits during setup fails the lab's start. */
  exitCode: number | string | null;
}

export function spawnInNamespace(
  dir: string,
  namespace: string,
  name: string,
  command: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): NamespaceProcess {
  const logFile = join(dir, 'logs', `${name}.log`);
  const output = openSync(logFile, 'a');
  try {
    const child = spawn('ip', ['netns', 'exec', namespace, ...command], {
      ...options,
      stdio: ['ignore', output, output],
    });
    // `ip netns exec` execs the command itself, so this is the daemon's pid.
    if (child.pid !== undefined) writeFileSync(join(pidDirectory(dir), `${name}.pid`), String(child.pid));
    // Not holding the test process open: close() or the exit handler stops it.
    child.unref();
    const started: NamespaceProcess = { name, child, logFile, exitCode: null };
    child.on('exit', (code, signal) => (started.exitCode = code ?? signal ?? 'exited'));
    child.on('error', (error) => (started.exitCode = error.message));
    return started;
  } finally {
    closeSync(output);
  }
}

export function logTail(file: string, lines = 15): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Polls `check` until it holds; fails early when one of `watched` exits, naming it with its log. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; watched?: NamespaceProcess[] },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const died = options.watched?.find((process) => process.exitCode !== null);
    if (died) {
      throw new Error(`${died.name} exited (${died.exitCode}) while waiting for ${what}:\n${logTail(died.logFile)}`);
    }
    if (await check()) return;
    if (Date.now() > deadline) {
      const logs = (options.watched ?? []).map((process) => `--- ${process.name}\n${logTail(process.logFile)}`);
      throw new Error([`Timed out after ${options.timeoutMs} ms waiting for ${what}`, ...logs].join('\n'));
    }
    await sleep(100);
  }
}

/** Resolves once Node has reaped it (so no zombie is left behind), or after `timeoutMs`. */
export function reaped(process: NamespaceProcess, timeoutMs: number): Promise<void> {
  if (process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    process.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
