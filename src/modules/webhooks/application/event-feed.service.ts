import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { CHANGE_FEED, type ChangeFeed } from '../domain/change-feed';
import type { StoredEvent } from '../domain/event';

/** Events read at once by a stream. */
const BATCH = 200;

/** What the event stream reads: the caller's events (organization and permitted networks) in order. */
@Injectable()
export class EventFeedService {
  constructor(@Inject(CHANGE_FEED) private readonly feed: ChangeFeed) {}

  /** A stream starts after `after` when given (a resume), else after the newest event. */
  start(ctx: TenantContext, after: string | undefined): Promise<string> {
    return after === undefined ? this.feed.latestSeq(ctx) : Promise.resolve(after);
  }

  next(ctx: TenantContext, afterSeq: string): Promise<StoredEvent[]> {
    return this.feed.after(ctx, afterSeq, BATCH);
  }
}
