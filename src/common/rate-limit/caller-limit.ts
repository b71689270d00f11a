import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/ctx.decorator';
import { AppError } from '../errors/app-error';
import { ErrorBody, meta } from '../http/envelope';
import { BucketStorage } from './bucket-storage';
import { RateLimitMetrics } from './rate-limit-metrics';
import { type BucketRule, secondsUntilFull, secondsUntilToken } from './token-bucket';

/** The spec's budget: 300 a minute (5 a second), bursts of 150. */
export const CALLER_RULE: BucketRule = { capacity: 150, refillPerMs: 5 / 1000 };
const ADVERTISED_LIMIT = 300;
const accounted = new WeakSet<FastifyRequest>();

/** The refusal of an empty bucket, wherever it is noticed (the guard throws it, onSend writes it). */
export const rateLimitExceeded = (retryAfterSeconds: number) =>
  new AppError('rate_limit_exceeded', `Too many requests; retry in ${retryAfterSeconds} s`, {
    retry_after_seconds: retryAfterSeconds,
  });

/**
 * The per-caller bucket: the user for sessions and keys, the client address for anonymous callers.
 * RateLimitGuard takes the token on routes that pass authentication (so it can refuse before the
 * handler runs); `onSend` takes it for every other response (401, 403, unknown routes, refused bodies),
 * so that each response carries the X-RateLimit-* headers and counts once.
 */
@Injectable()
export class CallerLimit {
  constructor(
    @Inject(BucketStorage) private readonly storage: BucketStorage,
    private readonly metrics: RateLimitMetrics,
  ) {}

  /**
   * Takes one token and sets the headers; returns the seconds to wait when the bucket was empty (every
   * caller of this then answers 429, so that is where it is counted).
   */
  async take(request: AuthenticatedRequest, reply: FastifyReply): Promise<number | undefined> {
    accounted.add(request);
    const key = request.tenant ? `user:${request.tenant.userId}` : `ip:${request.ip}`;
    const { allowed, tokens } = await this.storage.take(key, CALLER_RULE);
    void reply.header('X-RateLimit-Limit', ADVERTISED_LIMIT);
    void reply.header('X-RateLimit-Remaining', Math.floor(tokens));
    void reply.header('X-RateLimit-Reset', secondsUntilFull(tokens, CALLER_RULE));
    if (allowed) return undefined;
    this.metrics.refusedBy('caller');
    return secondsUntilToken(tokens, CALLER_RULE);
  }

  /** A fastify onSend hook: accounts a response the guard did not see; an empty bucket turns it into 429. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (accounted.has(request)) return payload;
    const retryAfter = await this.take(request, reply);
    if (retryAfter === undefined || reply.statusCode === 429) return payload;
    void reply.code(429).type('application/json; charset=utf-8').header('Retry-After', retryAfter);
    const { message, code, params } = rateLimitExceeded(retryAfter);
    const body: ErrorBody = { success: false, error: message, code, params, meta: meta(request.id) };
    return JSON.stringify(body);
  };
}
