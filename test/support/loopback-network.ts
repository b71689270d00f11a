import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { freePort } from './server-process';

/** The scanner hangs up as soon as it is connected: a server writing to it then gets a reset. */
const ignore = () => undefined;

/** What a fixture listener speaks: an SSH greeting, an HTTP server (Server header and title), or Redis. */
export type Speaker = 'ssh' | 'nginx' | 'grafana' | 'redis';

export interface Listener {
  address: string;
  port: number;
  close(): Promise<void>;
}

function serverFor(speaker: Speaker): Server {
  if (speaker === 'ssh') return createServer((s) => s.on('error', ignore).end('SSH-2.0-OpenSSH_9.6\r\n'));
  if (speaker === 'redis')
    return createServer((s) => s.on('error', ignore).on('data', () => s.end('-ERR unknown command\r\n')));
  const [server, title] = speaker === 'nginx' ? ['nginx/1.25.3', 'Welcome'] : ['', 'Grafana'];
  return createHttpServer((_req, res) => {
    if (server) res.setHeader('Server', server);
    res.end(`<html><title>${title}</title></html>`);
  }) as unknown as Server;
}

/** A TCP listener on a loopback address (Linux answers all of 127.0.0.0/8) and a free port. */
export async function listen(address: string, speaker: Speaker): Promise<Listener> {
  if (!address.startsWith('127.')) throw new Error(`fixtures listen on 127.0.0.0/8 only, not ${address}`);
  const server = serverFor(speaker);
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  return {
    address,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
