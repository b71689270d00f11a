import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on loopback: records each request and answers with the next planned reply
 * (200 once the plan is used up); `next(n)` resolves once n requests have arrived.
 */
export class Receiver {
  readonly received: Received[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  private server!: Server;

  constructor(private readonly plan: { status: number; headers?: Record<string, string> }[] = []) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const reply = this.plan[this.received.length] ?? { status: 200 };
        this.received.push({ headers: req.headers, body, at: Date.now() });
        res.writeHead(reply.status, reply.headers).end(reply.status >= 400 ? 'receiver says no' : 'ok');
        this.waiters.filter((w) => this.received.length >= w.count).forEach((w) => w.resolve());
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  next(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What a receiver does with `Netatlas-Signature: t=<unix>,v1=<hex>` (the snippet in docs/webhooks.md). */
export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
