import { applyDecorators, SetMetadata } from '@nestjs/common';

export const STRICT_LIMIT = 'netatlas:strict-rate-limit';

/** Also 10 a minute per client address and route (login, register, share passwords). */
export const StrictRateLimit = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(STRICT_LIMIT, true));
