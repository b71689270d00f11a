import { Inject, Injectable } from '@nestjs/common';
import type { CredentialResolver } from '../../../common/auth/credential-resolver';
import { lowerRole, Role, TenantContext } from '../../../common/auth/tenant-context';
import { AppError } from '../../../common/errors/app-error';
import { PLAN_FEATURES, type PlanType } from '../../tenancy';
import { API_KEY_REPOSITORY, type ApiKeyRepository } from '../domain/api-key';
import { digest } from '../domain/secrets';
import { SESSION_REPOSITORY, type SessionRepository, TOUCH_INTERVAL_MS } from '../domain/session';

const seesEveryNetwork = (role: Role) => role === 'Owner' || role === 'Admin';
const due = (lastUsedAt: Date | null) => !lastUsedAt || Date.now() - lastUsedAt.getTime() >= TOUCH_INTERVAL_MS;

/** Resolves a session id or an API key to the caller's TenantContext, in one query each. */
@Injectable()
export class CredentialResolverService implements CredentialResolver {
  constructor(
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(API_KEY_REPOSITORY) private readonly keys: ApiKeyRepository,
  ) {}

  async fromSession(sessionId: string): Promise<TenantContext> {
    const tokenHash = digest(sessionId);
    const session = await this.sessions.findLive(tokenHash);
    if (!session) throw new AppError('auth_not_authenticated', 'Session expired or unknown; log in again');
    if (due(session.lastUsedAt)) await this.sessions.touch(tokenHash);
    return {
      organizationId: session.organizationId,
      userId: session.userId,
      role: session.role,
      networkIds: seesEveryNetwork(session.role) ? 'all' : session.grantedNetworkIds,
      via: 'session',
    };
  }

  /** A key acts as its owner, narrowed to its permissions and networks. */
  async fromApiKey(token: string): Promise<TenantContext> {
    const key = await this.keys.findCredential(digest(token));
    if (!key) throw new AppError('auth_not_authenticated', 'Unknown API key');
    if (!key.isEnabled)
      throw new AppError('entity_disabled', 'This API key is disabled', { entity: 'api_key', id: key.id });
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
      throw new AppError('entity_expired', 'This API key has expired', { entity: 'api_key', id: key.id });
    }
    if (!PLAN_FEATURES[key.planType as PlanType]?.api_access) {
      throw new AppError('plan_api_access_required', 'API keys need a plan with API access', { plan: key.planType });
    }
    if (due(key.lastUsedAt)) await this.keys.touch(key.organizationId, key.id);
    return {
      organizationId: key.organizationId,
      userId: key.userId,
      role: lowerRole(key.ownerRole, key.permissions),
      networkIds: key.networkIds ?? 'all',
      via: 'api_key',
      apiKeyId: key.id,
    };
  }
}
