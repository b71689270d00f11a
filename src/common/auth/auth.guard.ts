import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import passport from 'passport';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AppError } from '../errors/app-error';
import { requireMetricsOnMainPort } from '../metrics/metrics-access';
import { ACCESS_KEY, AccessRule } from './access.decorator';
import type { AuthenticatedRequest } from './ctx.decorator';
import { CREDENTIAL_RESOLVER, type CredentialResolver } from './credential-resolver';
import { atLeast, TenantContext } from './tenant-context';

export const SESSION_COOKIE = 'session_id';
/** The passport-http-bearer strategy the auth module registers for API keys. */
export const API_KEY_STRATEGY = 'api-key';

/** The one global guard: every route is closed unless its AccessRule opens it. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CREDENTIAL_RESOLVER) private readonly credentials: CredentialResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new AppError('auth_permission_denied', 'This route declares no access rule', {});
    if (rule.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (rule.kind === 'metrics') {
      requireMetricsOnMainPort(this.config.metrics, request.headers.authorization);
      return true;
    }
    const authorization = request.headers.authorization;
    const sessionId = request.cookies?.[SESSION_COOKIE];
    if (authorization !== undefined) {
      if (rule.sessionOnly)
        throw new AppError('auth_session_required', 'This endpoint needs a session; API keys cannot use it');
      request.tenant = await authenticateBearer(authorization);
    } else if (sessionId) {
      request.tenant = await this.credentials.fromSession(sessionId);
    } else {
      throw new AppError('auth_not_authenticated', 'Authentication required');
    }

    // The audit trail names the request behind each write.
    request.tenant = { ...request.tenant, origin: { requestId: String(request.id), clientAddress: request.ip } };
    if (!atLeast(request.tenant.role, rule.role)) {
      throw new AppError('auth_permission_denied', `This needs the ${rule.role} role or higher`, {
        required_role: rule.role,
      });
    }
    return true;
  }
}

/** Runs the bearer strategy on the Authorization header alone (never a token from a query string or body). */
function authenticateBearer(authorization: string): Promise<TenantContext> {
  return new Promise((resolve, reject) => {
    const onResult = (error: unknown, tenant: TenantContext | false) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else if (!tenant)
        reject(new AppError('auth_not_authenticated', 'Authorization must be "Bearer <a valid API key>"'));
      else resolve(tenant);
    };
    const authenticate = passport.authenticate(API_KEY_STRATEGY, { session: false }, onResult) as (
      req: object,
      res: object,
      next: (error?: unknown) => void,
    ) => void;
    authenticate({ headers: { authorization }, query: {}, body: {} }, {}, (error) => onResult(error, false));
  });
}
