import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BACKOFF_RULE, secondsLocked } from './backoff';
import { BucketStorage } from './bucket-storage';

const watched = new WeakMap<FastifyRequest, string>();

/**
 * Lockouts per account (login) and per share (share passwords), with backoff: RateLimitGuard refuses a
 * locked key before the handler runs; `onSend` counts a 401 as a failure and a success as a reset. The
 * key is the email as typed (trimmed, lower-cased) whether or not such an account exists, so an unknown
 * email is answered exactly like a known one.
 */
@Injectable()
export class AttemptBackoff {
  constructor(@Inject(BucketStorage) private readonly storage: BucketStorage) {}

  /** Seconds the key is still locked (0: go ahead); the response will be counted against it. */
  async check(request: FastifyRequest, key: string): Promise<number> {
    watched.set(request, key);
    return secondsLocked(await this.storage.lockedUntil(key), this.storage.clock());
  }

  /** A fastify onSend hook. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const key = watched.get(request);
    if (key === undefined) return payload;
    if (reply.statusCode === 401) await this.storage.fail(key, BACKOFF_RULE);
    else if (reply.statusCode < 300) await this.storage.clear(key);
    return payload;
  };
}
