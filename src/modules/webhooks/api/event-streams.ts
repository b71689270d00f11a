import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { EventFeedService } from '../application/event-feed.service';

/** New events are looked for this often (they are rows, written by whichever process made the change). */
const POLL_MS = 500;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The organization's events as Server-Sent Events, the way the discovery run stream serves its own: read
 * from the stored outbox, so any API process serves changes made by any other (or by the worker);
 * `Last-Event-ID` (or `?after=`) resumes after an event.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(EventStreams.name);
  private readonly open = new Set<FastifyReply['raw']>();

  constructor(private readonly feed: EventFeedService) {}

  async stream(
    ctx: TenantContext,
    query: { after?: string; follow?: boolean },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const header = String(request.headers['last-event-id'] ?? '');
    const after = await this.feed.start(ctx, /^\d{1,18}$/.test(header) ? header : query.after);
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    this.open.add(raw);
    raw.once('close', () => this.open.delete(raw));
    try {
      await this.follow(ctx, after, query.follow ?? true, raw);
    } catch (error) {
      this.logger.warn({ err: error }, 'Event stream failed');
    } finally {
      this.end(raw);
    }
  }

  private async follow(ctx: TenantContext, afterSeq: string, follow: boolean, raw: FastifyReply['raw']) {
    let lastSeq = afterSeq;
    let quietSince = Date.now();
    raw.write(': connected\n\n');
    while (this.open.has(raw)) {
      const events = await this.feed.next(ctx, lastSeq);
      for (const { seq, ...event } of events) {
        raw.write(`id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        lastSeq = seq;
        quietSince = Date.now();
      }
      if (!follow && events.length === 0) return;
      if (Date.now() - quietSince > KEEP_ALIVE_MS) {
        raw.write(': keep-alive\n\n');
        quietSince = Date.now();
      }
      if (events.length === 0) await sleep(POLL_MS);
    }
  }

  beforeApplicationShutdown() {
    [...this.open].forEach((raw) => this.end(raw));
  }

  private end(raw: FastifyReply['raw']) {
    this.open.delete(raw);
    if (!raw.writableEnded) raw.end();
  }
}
