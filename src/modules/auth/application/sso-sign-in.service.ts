import { Inject, Injectable, Logger } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { type User, USER_REPOSITORY, type UserRepository } from '../../tenancy';
import { type SsoErrorCode, type SsoFlow, SsoSignInError } from '../domain/sso-sign-in';
import { OIDC_PROVIDER, type OidcProvider } from '../domain/oidc-provider.port';
import { mappedRole, SSO_SETTINGS_REPOSITORY, type SsoSettingsRepository } from '../domain/sso-settings';
import { AuthService, type StartedSession } from './auth.service';

/** Not an argon2 hash: no password opens it (an admin may set one later). */
const NO_PASSWORD = '!single-sign-on';

export type SsoOutcome = { session: StartedSession } | { error: SsoErrorCode };

/**
 * Single sign-on: the provider proves the email, the organization that claims its domain decides who may
 * enter and as what.
 */
@Injectable()
export class SsoSignInService {
  private readonly log = new Logger(SsoSignInService.name);

  constructor(
    @Inject(OIDC_PROVIDER) private readonly oidc: OidcProvider,
    private readonly auth: AuthService,
    @Inject(SSO_SETTINGS_REPOSITORY) private readonly settings: SsoSettingsRepository,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  get configured(): boolean {
    return this.oidc.configured;
  }

  async start(redirectUri: string): Promise<{ url: string; flow: SsoFlow } | { error: SsoErrorCode }> {
    return this.outcome(() => this.oidc.authorizationUrl(redirectUri));
  }

  /** flow: what the browser's cookie held (undefined when missing, forged or expired). */
  finish(callbackUrl: URL, flow: SsoFlow | undefined): Promise<SsoOutcome> {
    return this.outcome(async () => {
      if (!flow || callbackUrl.searchParams.get('state') !== flow.state) {
        throw new SsoSignInError('sso_state_invalid', 'The state does not match the one this browser started with');
      }
      const claims = await this.oidc.signIn(callbackUrl, flow);
      return { session: await this.auth.startSession(await this.userFor(claims)) };
    });
  }

  private async userFor(claims: Record<string, unknown>): Promise<User> {
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email || claims.email_verified !== true) {
      throw new SsoSignInError('sso_email_unverified', 'The provider did not vouch for the email');
    }
    const claimed = await this.settings.findByDomain(email.slice(email.lastIndexOf('@') + 1));
    if (!claimed) throw new SsoSignInError('sso_no_organization', `No organization claims the domain of ${email}`);
    const existing = await this.users.findForLogin(email);
    if (existing && existing.organization_id !== claimed.organizationId) {
      throw new SsoSignInError('sso_domain_claimed_elsewhere', `${email} belongs to another organization`);
    }
    if (existing) return existing;
    if (!claimed.settings.create_users) {
      throw new SsoSignInError('sso_user_not_found', `${email} has no account and the organization creates none`);
    }
    return this.tx.transaction(async () => {
      const user = await this.users.create({
        organizationId: claimed.organizationId,
        email,
        name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!,
        role: mappedRole(claimed.settings, claims),
        passwordHash: NO_PASSWORD,
        networkIds: [],
      });
      // Nobody is signed in yet: the new user is the actor, as at registration.
      const ctx: TenantContext = {
        organizationId: user.organization_id,
        userId: user.id,
        role: user.role,
        networkIds: [],
        via: 'session',
      };
      const after = { email: user.email, name: user.name, role: user.role, created_by: 'single_sign_on' };
      await this.audit.record(ctx, {
        resourceType: 'user',
        resourceId: user.id,
        action: 'create',
        networkId: null,
        after,
      });
      return user;
    });
  }

  private async outcome<T>(work: () => Promise<T>): Promise<T | { error: SsoErrorCode }> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SsoSignInError)) throw error;
      this.log.warn(`Single sign-on refused (${error.code}): ${error.message}`);
      return { error: error.code };
    }
  }
}
