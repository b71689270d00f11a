import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { RunsService } from '../application/runs.service';

/** New events are looked for this often (they come from whichever process runs the scan). */
const POLL_MS = 200;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Server-Sent Events of one run (progress, host_found, finished) from its stored events, so any API
 * process can serve them; `Last-Event-ID` resumes after an event. The stream ends after `finished`.
 */
@Injectable()
export class RunEventStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RunEventStreams.name);
  private readonly open = new Set<FastifyReply['raw']>();

  constructor(private readonly runs: RunsService) {}

  async stream(ctx: TenantContext, runId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.runs.require(ctx, runId);
    const resumeFrom = String(request.headers['last-event-id'] ?? '');
    const lastId = /^\d{1,18}$/.test(resumeFrom) ? resumeFrom : '0';
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
    this.open.add(raw);
    raw.once('close', () => this.open.delete(raw));
    try {
      await this.follow(ctx, runId, lastId, raw);
    } catch (error) {
      // The headers are out: a failure (database gone) can only end the stream; the client reconnects.
      this.logger.warn({ run_id: runId, err: error }, 'Run event stream failed');
    } finally {
      this.end(raw);
    }
  }

  private async follow(ctx: TenantContext, runId: string, afterId: string, raw: FastifyReply['raw']) {
    let lastId = afterId;
    let quietSince = Date.now();
    while (this.open.has(raw)) {
      for (const event of await this.runs.events(ctx, runId, lastId)) {
        raw.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
        lastId = event.id;
        quietSince = Date.now();
        if (event.type === 'finished') return;
      }
      if (Date.now() - quietSince > KEEP_ALIVE_MS) {
        raw.write(': keep-alive\n\n');
        quietSince = Date.now();
      }
      await sleep(POLL_MS);
    }
  }

  /** Open streams would hold the server open: they end first, and clients reconnect elsewhere. */
  beforeApplicationShutdown() {
    [...this.open].forEach((raw) => this.end(raw));
  }

  private end(raw: FastifyReply['raw']) {
    this.open.delete(raw);
    if (!raw.writableEnded) raw.end();
  }
}
