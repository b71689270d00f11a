import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { recordSeen } from './secret-scan';

export const MAIN_JS = join(__dirname, '../../dist/src/main.js');
export const WORKER_JS = join(__dirname, '../../dist/src/worker.js');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Runs the built server (`npm test` builds first) as a user would, with only the given environment. */
export function startServer(env: NodeJS.ProcessEnv, script = MAIN_JS): ServerProcess {
  if (!existsSync(script)) throw new Error(`${script} is missing: run "npm run build" (npm test does)`);
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    recordSeen(`output of ${script.split('/').pop()}`, chunk.toString('utf8'));
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const matches = (text: string | RegExp) => (typeof text === 'string' ? output.includes(text) : text.test(output));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!matches(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${String(text)}; output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before ${String(text)}; output:\n${output}`));
        });
      }),
  };
}
