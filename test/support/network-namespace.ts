import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

export interface TestHost {
  /** The host's address inside its namespace. */
  address: string;
  close(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

/**
 * A test host in a network namespace of its own, on a veth pair with the given MAC: a real L2 neighbour
 * (ARP and all) that exists only for the test. Needs root and iproute2. `serve` is a Node script run
 * inside the namespace.
 */
export async function startNamespaceHost(options: { mac: string; subnet: number; serve: string }): Promise<TestHost> {
  const tag = `na${process.pid % 100_000}${options.subnet}`;
  const [ns, outside, inside] = [tag, `${tag}a`, `${tag}b`];
  const [hostSide, address] = [`10.203.${options.subnet}.1`, `10.203.${options.subnet}.2`];
  ip('netns', 'add', ns);
  let server: ChildProcess | undefined;
  const close = () => {
    server?.kill('SIGKILL');
    for (const args of [
      ['netns', 'del', ns],
      ['link', 'del', outside],
    ]) {
      try {
        ip(...args);
      } catch {
        // already gone
      }
    }
  };
  try {
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', ns);
    ip('-n', ns, 'link', 'set', inside, 'address', options.mac);
    ip('-n', ns, 'addr', 'add', `${address}/29`, 'dev', inside);
    ip('-n', ns, 'link', 'set', inside, 'up');
    ip('addr', 'add', `${hostSide}/29`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    server = spawn('ip', ['netns', 'exec', ns, process.execPath, '-e', options.serve], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.once('data', () => resolve());
      server!.once('exit', (code) => reject(new Error(`namespace server exited with ${code}`)));
    });
    return { address, close };
  } catch (error) {
    close();
    throw error;
  }
}
