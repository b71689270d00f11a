import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { identifyService } from '../../src/modules/discovery/infrastructure/service-probe';
import { tcpScan } from '../../src/modules/discovery/infrastructure/tcp-scanner';
import { sweepThreads } from '../../src/modules/discovery/infrastructure/threaded-sweep';
import { freePort } from '../support/server-process';

/** The scanner hangs up as soon as it is connected: a server writing to it then gets a reset. */
const ignore = () => undefined;

/** Listeners on loopback addresses only (Linux answers all of 127.0.0.0/8). */
describe('TCP connect scanner on loopback', () => {
  const servers: Server[] = [];
  let ports: { ssh: number; web: number; redis: number; closed: number };

  const listen = (server: Server, host: string, port: number) =>
    new Promise<void>((resolve) => {
      servers.push(server);
      server.listen(port, host, resolve);
    });

  beforeAll(async () => {
    ports = { ssh: await freePort(), web: await freePort(), redis: await freePort(), closed: await freePort() };
    await listen(
      createServer((s) => s.on('error', ignore).end('SSH-2.0-OpenSSH_9.6\r\n')),
      '127.0.0.2',
      ports.ssh,
    );
    await listen(
      createHttpServer((_req, res) => {
        res.setHeader('Server', 'nginx/1.25.3');
        res.end('<html><title>Welcome</title></html>');
      }) as unknown as Server,
      '127.0.0.3',
      ports.web,
    );
    await listen(
      createServer((s) => s.on('error', ignore).on('data', () => s.end('-ERR unknown command\r\n'))),
      '127.0.0.4',
      ports.redis,
    );
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  it('finds exactly the open ports', async () => {
    const progress: number[] = [];
    const targets = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const found = await tcpScan(targets, [ports.ssh, ports.web, ports.redis, ports.closed], {
      timeoutMs: 1_000,
      concurrency: 8,
      onProgress: (done) => progress.push(done),
    });
    expect(Object.fromEntries(found)).toEqual({
      '127.0.0.2': [ports.ssh],
      '127.0.0.3': [ports.web],
      '127.0.0.4': [ports.redis],
    });
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('names the service on an open port from what it says (more in service-probes.e2e-spec.ts)', async () => {
    expect(await identifyService('127.0.0.2', ports.ssh, 1_000)).toEqual({
      port: ports.ssh,
      service_definition: 'Ssh',
      product: 'OpenSSH',
      version: '9.6',
      evidence: 'banner SSH-2.0-OpenSSH_9.6',
    });
    expect(await identifyService('127.0.0.3', ports.web, 1_000)).toEqual({
      port: ports.web,
      service_definition: 'Nginx',
      product: 'nginx',
      version: '1.25.3',
      evidence: 'Server: nginx/1.25.3',
    });
    expect(await identifyService('127.0.0.4', ports.redis, 1_000)).toEqual({
      port: ports.redis,
      service_definition: 'Redis',
      evidence: 'answer to GET / -ERR unknown command',
    });
  });

  it('with host discovery first: the same open ports, probes not asked for left out, every address counted', async () => {
    const progress: number[] = [];
    let neighbourReads = 0;
    const found = await tcpScan(['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'], [ports.ssh, ports.redis], {
      timeoutMs: 1_000,
      concurrency: 8,
      onProgress: (done) => progress.push(done),
      liveness: {
        ports: [ports.web, ports.ssh],
        neighbours: async () => {
          neighbourReads++;
          return new Set<string>();
        },
      },
    });
    expect(Object.fromEntries(found)).toEqual({ '127.0.0.2': [ports.ssh], '127.0.0.4': [ports.redis] });
    expect(progress).toEqual([1, 2, 3, 4]);
    // Loopback refuses on every address: all are alive by TCP, so the ARP table is never needed.
    expect(neighbourReads).toBe(0);
  });

  it('splits a large sweep over worker threads and finds the same open ports', async () => {
    const targets = Array.from({ length: 64 }, (_, i) => `127.0.0.${i + 1}`);
    // Closed ports below the ephemeral range: a listener another test opened on 0.0.0.0 answers on every 127.x.
    const scanned = [ports.ssh, ports.web, ports.redis, ...Array.from({ length: 61 }, (_, i) => 900 + i)];
    expect(sweepThreads(targets.length * scanned.length)).toBeGreaterThan(1);
    const progress: number[] = [];
    const found = await tcpScan(targets, scanned, {
      timeoutMs: 1_000,
      concurrency: 256,
      onProgress: (done) => progress.push(done),
    });
    expect(Object.fromEntries(found)).toEqual({
      '127.0.0.2': [ports.ssh],
      '127.0.0.3': [ports.web],
      '127.0.0.4': [ports.redis],
    });
    expect(progress).toEqual(targets.map((_, i) => i + 1));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      (await tcpScan(['127.0.0.2'], [ports.ssh], { timeoutMs: 500, concurrency: 1, signal: controller.signal })).size,
    ).toBe(0);
  });
});
