import { Socket } from 'node:net';
import { type Evidence, identify } from '../domain/service-catalogue';

export interface OpenPort {
  port: number;
  service_definition: string;
  banner?: string;
}

export interface ScanOptions {
  /** Per connection attempt and per read. */
  timeoutMs: number;
  /** Connections in flight at most. */
  concurrency: number;
  signal?: AbortSignal;
  /** After each address: how many are done. */
  onProgress?: (done: number, total: number) => void;
}

const BANNER_WAIT_MS = 300;
const READ_LIMIT = 4096;

/** Connects, waits for a greeting, else asks as HTTP; what it heard names the service. */
function probe(address: string, port: number, timeoutMs: number): Promise<OpenPort | undefined> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let received = '';
    let asked = false;
    let settled = false;
    const finish = (open: boolean) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (!open) return resolve(undefined);
      const evidence: Evidence = { port };
      if (received.startsWith('HTTP/')) evidence.http = httpEvidence(received);
      else if (received) evidence.banner = received;
      resolve({
        port,
        service_definition: identify(evidence),
        ...(received && !asked && { banner: received.slice(0, 256).trim() }),
      });
    };
    socket.setTimeout(timeoutMs, () => finish(socket.readyState === 'open'));
    socket.once('error', () => finish(false));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (
        received.length >= READ_LIMIT ||
        (asked && /\r\n\r\n/.test(received) && /<\/title>|^HTTP\/[\d.]+ [345]/i.test(received))
      )
        finish(true);
    });
    socket.once('end', () => finish(true));
    socket.connect(port, address, () => {
      setTimeout(() => {
        if (settled || received) return finish(true);
        asked = true;
        socket.write(`GET / HTTP/1.0\r\nHost: ${address}\r\nUser-Agent: netatlas-discovery\r\n\r\n`);
        setTimeout(() => finish(true), Math.min(timeoutMs, 1_000));
      }, BANNER_WAIT_MS);
    });
  });
}

/** Server header, title and the start of the body: what the catalogue matches HTTP services on. */
function httpEvidence(response: string): string {
  const server = /^server:\s*(.*)$/im.exec(response)?.[1] ?? '';
  const title = /<title>([^<]*)<\/title>/i.exec(response)?.[1] ?? '';
  const body = response.split('\r\n\r\n').slice(1).join('\r\n\r\n').slice(0, 1024);
  return `Server: ${server} ${title} ${body}`;
}

/**
 * TCP connect scan (no raw sockets needed): every port of every address, at most `concurrency`
 * connections at once, each bounded by `timeoutMs`. Returns the addresses with open ports.
 */
export async function tcpScan(
  addresses: readonly string[],
  ports: readonly number[],
  options: ScanOptions,
): Promise<Map<string, OpenPort[]>> {
  const found = new Map<string, OpenPort[]>();
  const jobs = addresses.flatMap((address) => ports.map((port) => ({ address, port })));
  const remaining = new Map(addresses.map((a) => [a, ports.length]));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length && !options.signal?.aborted) {
      const { address, port } = jobs[next++];
      const open = await probe(address, port, options.timeoutMs);
      if (open)
        found.set(
          address,
          [...(found.get(address) ?? []), open].sort((a, b) => a.port - b.port),
        );
      const left = remaining.get(address)! - 1;
      remaining.set(address, left);
      if (left === 0) options.onProgress?.(++done, addresses.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  return found;
}
