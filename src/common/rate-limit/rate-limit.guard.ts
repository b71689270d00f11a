import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/ctx.decorator';
import { BucketStorage } from './bucket-storage';
import { STRICT_LIMIT } from './rate-limit.decorators';
import { CallerLimit, rateLimitExceeded } from './caller-limit';
import { type BucketRule, secondsUntilToken } from './token-bucket';

export const STRICT_RULE: BucketRule = { capacity: 10, refillPerMs: 10 / 60_000 };

/**
 * @nestjs/throttler's guard with token buckets instead of fixed windows. Runs after the auth guard: a
 * user's sessions and keys share one bucket (by user id); anonymous callers are counted by address.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  @Inject(CallerLimit) private readonly callerLimit!: CallerLimit;

  protected override async handleRequest({ context, throttler }: ThrottlerRequest): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest & { params?: Record<string, string> }>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const storage = this.storageService as BucketStorage;
    if (throttler.name === 'strict') {
      if (!this.reflector.getAllAndOverride<boolean>(STRICT_LIMIT, [context.getHandler(), context.getClass()]))
        return true;
      const key = `strict:${request.routeOptions.url}:${request.ip}:${request.params?.id ?? ''}`;
      const { allowed, tokens } = await storage.take(key, STRICT_RULE);
      if (!allowed) this.refuse(reply, secondsUntilToken(tokens, STRICT_RULE));
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
