import { Socket } from 'node:net';
import { type Evidence, identify } from '../domain/service-catalogue';

/** What a port said about the service behind it. */
export interface IdentifiedService {
  port: number;
  service_definition: string;
}

/**
 * How long an open port may stay silent before it is asked as HTTP. Server-first services greet at once,
 * and a greeting that comes later still arrives before any answer to the question.
 */
const BANNER_WAIT_MS = 100;
const READ_LIMIT = 4096;

/**
 * Names the service on a port the connect scan found open: waits for a greeting, else asks as HTTP;
 * what it heard names the service (else its usual port does).
 */
export function identifyService(address: string, port: number, timeoutMs: number): Promise<IdentifiedService> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let received = '';
    let asked = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const evidence: Evidence = { port };
      if (received.startsWith('HTTP/')) evidence.http = httpEvidence(received);
      else if (received) evidence.banner = received;
      resolve({ port, service_definition: identify(evidence) });
    };
    socket.setTimeout(timeoutMs, finish);
    socket.once('error', finish);
    // A greeting is complete at its first line end (banners are matched on their first line); one without
    // (binary, like MySQL's) is read for the rest of BANNER_WAIT_MS.
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.length >= READ_LIMIT || (asked ? answerComplete(received) : received.includes('\n'))) finish();
    });
    socket.once('end', finish);
    socket.connect(port, address, () => {
      timer = setTimeout(() => {
        if (received) return finish();
        asked = true;
        socket.write(`GET / HTTP/1.0\r\nHost: ${address}\r\nUser-Agent: netatlas-discovery\r\n\r\n`);
        timer = setTimeout(finish, Math.min(timeoutMs, 1_000));
      }, BANNER_WAIT_MS);
    });
  });
}

/**
 * Enough of an answer to GET / to name the service: an HTTP head with the title or a 3xx-5xx status
 * (else the server's close or the read limit decides), or a first line of anything else (an error).
 */
function answerComplete(received: string): boolean {
  if (!received.startsWith('HTTP/')) return received.includes('\n');
  return /\r\n\r\n/.test(received) && /<\/title>|^HTTP\/[\d.]+ [345]/i.test(received);
}

/** Server header, title and the start of the body: what the catalogue matches HTTP services on. */
function httpEvidence(response: string): string {
  const server = /^server:\s*(.*)$/im.exec(response)?.[1] ?? '';
  const title = /<title>([^<]*)<\/title>/i.exec(response)?.[1] ?? '';
  const body = response.split('\r\n\r\n').slice(1).join('\r\n\r\n').slice(0, 1024);
  return `Server: ${server} ${title} ${body}`;
}
