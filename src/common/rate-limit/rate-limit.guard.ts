import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/ctx.decorator';
import { BucketStorage } from './bucket-storage';
import { STRICT_LIMIT, type StrictLimitOptions } from './rate-limit.decorators';
import { AttemptBackoff } from './attempt-backoff';
import { BACKOFF_RULE } from './backoff';
import { CallerLimit, rateLimitExceeded } from './caller-limit';
import { RateLimitMetrics } from './rate-limit-metrics';
import { type BucketRule, secondsUntilFull, secondsUntilToken } from './token-bucket';

const STRICT_LIMIT_PER_MINUTE = 10;
export const STRICT_RULE: BucketRule = {
  capacity: STRICT_LIMIT_PER_MINUTE,
  refillPerMs: STRICT_LIMIT_PER_MINUTE / 60_000,
};

/** What repeated failures lock out: `login:<email>` or `<route>:<id>`; undefined when there is none. */
function backoffSubject(
  options: StrictLimitOptions,
  request: { routeOptions: { url?: string }; params?: Record<string, string>; body?: unknown },
): string | undefined {
  if (options.backoff === 'id' && request.params?.id) return `${request.routeOptions.url}:${request.params.id}`;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (options.backoff === 'email' && typeof email === 'string') return `login:${email.trim().toLowerCase()}`;
  return undefined;
}

/**
 * @nestjs/throttler's guard with token buckets instead of fixed windows. Runs after the auth guard: a
 * user's sessions and keys share one bucket (by user id); anonymous callers are counted by address.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Inject(CallerLimit) private readonly callerLimit!: CallerLimit;
  @Inject(AttemptBackoff) private readonly backoff!: AttemptBackoff;
  @Inject(RateLimitMetrics) private readonly metrics!: RateLimitMetrics;

  protected override async handleRequest({ context, throttler }: ThrottlerRequest): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<AuthenticatedRequest & { params?: Record<string, string>; body?: unknown }>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const storage = this.storageService as BucketStorage;
    if (throttler.name === 'strict') {
      const options = this.reflector.getAllAndOverride<StrictLimitOptions | undefined>(STRICT_LIMIT, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (!options) return true;
      // Per address and route, kept in this process while Redis is away (fail closed).
      const key = `strict:${request.routeOptions.url}:${request.ip}:${request.params?.id ?? ''}`;
      const { allowed, tokens } = await storage.take(key, STRICT_RULE, true);
      if (!allowed) {
        void reply.header('X-RateLimit-Limit', STRICT_LIMIT_PER_MINUTE);
        void reply.header('X-RateLimit-Remaining', Math.floor(tokens));
        void reply.header('X-RateLimit-Reset', secondsUntilFull(tokens, STRICT_RULE));
        this.metrics.refusedBy('strict');
        this.refuse(reply, secondsUntilToken(tokens, STRICT_RULE));
      }
      const subject = backoffSubject(options, request);
      if (subject !== undefined) {
        const locked = await this.backoff.check(request, subject);
        if (locked > 0) {
          void reply.header('X-RateLimit-Limit', BACKOFF_RULE.freeFailures);
          void reply.header('X-RateLimit-Remaining', 0);
          void reply.header('X-RateLimit-Reset', locked);
          this.metrics.refusedBy('backoff');
          this.refuse(reply, locked);
        }
      }
      return true;
    }
    const retryAfter = await this.callerLimit.take(request, reply);
    if (retryAfter !== undefined) this.refuse(reply, retryAfter);
    return true;
  }

  private refuse(reply: FastifyReply, retryAfterSeconds: number): never {
    void reply.header('Retry-After', retryAfterSeconds);
    throw rateLimitExceeded(retryAfterSeconds);
  }

  protected override shouldSkip(_context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(false);
  }
}
