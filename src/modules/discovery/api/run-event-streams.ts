import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { lastEventId, SseStreams } from '../../../common/http/sse';
import { RunsService } from '../application/runs.service';

/** New events are looked for this often (they come from whichever process runs the scan). */
const POLL_MS = 200;

/**
 * Server-Sent Events of one run (progress, host_found, finished) from its stored events, so any API
 * process can serve them; `Last-Event-ID` resumes after an event. The stream ends after `finished`.
 */
@Injectable()
export class RunEventStreams implements BeforeApplicationShutdown {
  private readonly streams = new SseStreams(new Logger(RunEventStreams.name));

  constructor(private readonly runs: RunsService) {}

  async stream(ctx: TenantContext, runId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.runs.require(ctx, runId);
    let lastId = lastEventId(request) ?? '0';
    await this.streams.serve(
      request,
      reply,
      (stream) =>
        stream.follow(POLL_MS, async () => {
          for (const event of await this.runs.events(ctx, runId, lastId)) {
            stream.send(event.id, event.type, event.data);
            lastId = event.id;
            if (event.type === 'finished') return 'done';
          }
          // Always a pause, events or not: a run's events come at a scan's pace.
          return 'idle';
        }),
      { run_id: runId },
    );
  }

  /** Open streams would hold the server open: they end first, and clients reconnect elsewhere. */
  beforeApplicationShutdown() {
    this.streams.endAll();
  }
}
