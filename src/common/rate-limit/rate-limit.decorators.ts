import { applyDecorators, SetMetadata } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';

export const STRICT_LIMIT = 'netatlas:strict-rate-limit';

/** Not limited at all (health, version). */
export const NoRateLimit = (): MethodDecorator & ClassDecorator => SkipThrottle({ caller: true, strict: true });

/** Also 10 a minute per client address and route (login, register, share passwords). */
export const StrictRateLimit = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(STRICT_LIMIT, true));
