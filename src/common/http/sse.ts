import type { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** What one poll of a stream did: sent events, found none (pause before the next), or ended the stream. */
export type SsePoll = 'sent' | 'idle' | 'done';

/** One open Server-Sent Events reply. */
export class SseStream {
  private quietSince = Date.now();
  private ended = false;

  constructor(private readonly raw: FastifyReply['raw']) {
    raw.once('close', () => (this.ended = true));
  }

  get open(): boolean {
    return !this.ended;
  }

  send(id: string, event: string, data: unknown): void {
    this.raw.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    this.quietSince = Date.now();
  }

  comment(text: string): void {
    this.raw.write(`: ${text}\n\n`);
  }

  /** Calls `poll` until it says 'done' or the client leaves, pausing `pollMs` after an idle one. */
  async follow(pollMs: number, poll: () => Promise<SsePoll>): Promise<void> {
    while (this.open) {
      const outcome = await poll();
      if (outcome === 'done') return;
      if (Date.now() - this.quietSince > KEEP_ALIVE_MS) {
        this.comment('keep-alive');
        this.quietSince = Date.now();
      }
      if (outcome === 'idle') await sleep(pollMs);
    }
  }

  end(): void {
    this.ended = true;
    if (!this.raw.writableEnded) this.raw.end();
  }
}

/**
 * The open event streams of one feature. Each reply is taken from Fastify (hijacked) and written to
 * directly; endAll() at shutdown ends them, since open streams would hold the server open (clients
 * reconnect elsewhere, resuming by Last-Event-ID).
 */
export class SseStreams {
  private readonly open = new Set<SseStream>();

  constructor(private readonly logger: Logger) {}

  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    write: (stream: SseStream) => Promise<void>,
    logContext: Record<string, unknown> = {},
  ): Promise<void> {
    reply.hijack();
    const raw = reply.raw;
    // The headers set on the reply so far (X-RateLimit-* from the rate-limit guard) go out with the stream.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    const stream = new SseStream(raw);
    this.open.add(stream);
    try {
      await write(stream);
    } catch (error) {
      // The headers are out: a failure (database gone) can only end the stream; the client reconnects.
      this.logger.warn({ ...logContext, err: error }, 'Event stream failed');
    } finally {
      this.open.delete(stream);
      stream.end();
    }
  }

  endAll(): void {
    this.open.forEach((stream) => stream.end());
  }
}

/** The event id a client resumes after (`Last-Event-ID`), when it is one of ours (a sequence number). */
export function lastEventId(request: FastifyRequest): string | undefined {
  const header = String(request.headers['last-event-id'] ?? '');
  return /^\d{1,18}$/.test(header) ? header : undefined;
}
