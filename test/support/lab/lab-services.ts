import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type HostName, type LabPlan } from './lab-plan';
import { type NamespaceProcess, spawnInNamespace } from './namespace-process';

/** A TCP service a lab host runs for service-identification tests. */
export interface LabService {
  host: HostName;
  address: string;
  port: number;
  program: string;
  /** What a correct identification makes of it, and what it must not. */
  expected: string;
}

export const SSH_BANNER = 'SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n';

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

// Says its banner to whoever connects, as sshd does, and nothing else.
const fakeSshd = (address: string, port: number) =>
  `require('node:net').createServer((s) => { s.on('error', () => {}); s.end(${JSON.stringify(SSH_BANNER)}); })` +
  `.listen(${port}, ${JSON.stringify(address)});`;

export function startHostServices(
  dir: string,
  plan: LabPlan,
): { services: LabService[]; processes: NamespaceProcess[] } {
  const { h1, h2, h3 } = plan.hosts;
  const www = join(dir, 'www');
  mkdirSync(www);
  writeFileSync(join(www, 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
  const redisDir = join(dir, 'redis');
  mkdirSync(redisDir);

  const services: LabService[] = [
    {
      host: 'h1',
      address: h1.address,
      port: 8080,
      program: 'python3 -m http.server',
      expected:
        'HTTP (Python SimpleHTTP); its directory listing names docker-compose.yml, which must not make it Docker',
    },
    { host: 'h2', address: h2.address, port: 6379, program: 'redis-server', expected: 'Redis (persistence off)' },
    {
      host: 'h3',
      address: h3.address,
      port: 2222,
      program: 'node',
      expected: `SSH, from its banner ${SSH_BANNER.trim()}`,
    },
  ];
  const processes = [
    spawnInNamespace(dir, h1.namespace, 'http-h1', [PYTHON, '-m', 'http.server', '8080', '--bind', h1.address], {
      cwd: www,
    }),
    // prettier-ignore
    spawnInNamespace(dir, h2.namespace, 'redis-h2', [
      'redis-server', '--bind', h2.address, '--port', '6379', '--save', '', '--appendonly', 'no',
      '--dir', redisDir, '--protected-mode', 'no', '--daemonize', 'no',
    ]),
    spawnInNamespace(dir, h3.namespace, 'ssh-h3', [process.execPath, '-e', fakeSshd(h3.address, 2222)]),
  ];
  return { services, processes };
}

/** A TCP connect from the root namespace, through the switch: the service listens and routing works. */
export function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 500 });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}
