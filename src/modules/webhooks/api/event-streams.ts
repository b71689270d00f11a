import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { lastEventId, SseStreams } from '../../../common/http/sse';
import { EventFeedService } from '../application/event-feed.service';

/** New events are looked for this often (they are rows, written by whichever process made the change). */
const POLL_MS = 500;

/**
 * The organization's events as Server-Sent Events, the way the discovery run stream serves its own: read
 * from the stored outbox, so any API process serves changes made by any other (or by the worker);
 * `Last-Event-ID` (or `?after=`) resumes after an event.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly streams = new SseStreams(new Logger(EventStreams.name));

  constructor(private readonly feed: EventFeedService) {}

  async stream(
    ctx: TenantContext,
    query: { after?: string; follow?: boolean },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    let lastSeq = await this.feed.start(ctx, lastEventId(request) ?? query.after);
    const follow = query.follow ?? true;
    await this.streams.serve(request, reply, async (stream) => {
      stream.comment('connected');
      await stream.follow(POLL_MS, async () => {
        const events = await this.feed.next(ctx, lastSeq);
        for (const { seq, ...event } of events) {
          stream.send(seq, event.type, event);
          lastSeq = seq;
        }
        if (events.length > 0) return 'sent';
        return follow ? 'idle' : 'done';
      });
    });
  }

  beforeApplicationShutdown() {
    this.streams.endAll();
  }
}
