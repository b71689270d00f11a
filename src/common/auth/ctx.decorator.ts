import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TenantContext } from './tenant-context';

export type AuthenticatedRequest = FastifyRequest & { tenant?: TenantContext };

/** The caller's TenantContext, set by the auth guard. */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): TenantContext => {
  const tenant = context.switchToHttp().getRequest<AuthenticatedRequest>().tenant;
  if (!tenant) throw new Error('@Ctx() used on a route without an authenticated access rule');
  return tenant;
});
