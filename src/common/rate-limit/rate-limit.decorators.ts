import { applyDecorators, SetMetadata } from '@nestjs/common';

export const STRICT_LIMIT = 'netatlas:strict-rate-limit';

export interface StrictLimitOptions {
  /**
   * Also lock out, with backoff, what the failures (401s) are about, whatever address they come from:
   * the account named by the body's `email`, or the share named by the `id` path parameter.
   */
  backoff?: 'email' | 'id';
}

/** Also 10 a minute per client address and route (login, register, share passwords). */
export const StrictRateLimit = (options: StrictLimitOptions = {}): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(STRICT_LIMIT, options));
