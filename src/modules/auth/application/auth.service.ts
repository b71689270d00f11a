import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { AppError, notFound } from '../../../common/errors/app-error';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../../common/crypto/passwords';
import {
  OrganizationsService,
  presentUser,
  type Registration,
  type User,
  USER_REPOSITORY,
  type UserRepository,
} from '../../tenancy';
import { digest, newSessionId } from '../domain/secrets';
import { SSO_SETTINGS_REPOSITORY, type SsoSettingsRepository } from '../domain/sso-settings';
import { SESSION_MAX_MS, SESSION_REPOSITORY, type SessionRepository } from '../domain/session';

export interface StartedSession {
  sessionId: string;
  user: ReturnType<typeof presentUser>;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(SSO_SETTINGS_REPOSITORY) private readonly ssoSettings: SsoSettingsRepository,
    private readonly organizations: OrganizationsService,
  ) {}

  async register(input: Registration): Promise<StartedSession> {
    if (!this.config.allowRegistration) {
      throw new AppError('auth_permission_denied', 'Registration is turned off on this server', {
        reason: 'registration_disabled',
      });
    }
    const user = await this.organizations.register(input, this.config.defaultPlan);
    return this.startSession(user);
  }

  /** Unknown email and wrong password answer alike, after the same argon2 work. */
  async login(email: string, password: string): Promise<StartedSession> {
    const user = await this.users.findForLogin(email);
    const valid = await verifyPassword(user?.password_hash ?? (await DUMMY_PASSWORD_HASH), password);
    if (!user || !valid) throw new AppError('auth_invalid_credentials', 'Wrong email or password');
    if (!(await this.ssoSettings.passwordSignInAllowed(user.organization_id))) {
      throw new AppError('auth_permission_denied', 'Your organization signs in through single sign-on only', {
        reason: 'password_sign_in_disabled',
      });
    }
    return this.startSession(user);
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.delete(digest(sessionId));
  }

  async me(ctx: TenantContext) {
    const user = await this.users.find(ctx, ctx.userId);
    if (!user) throw notFound('user', ctx.userId);
    return presentUser(user);
  }

  /** A fresh random id at every login: a session id set before login is never promoted (no fixation). */
  async startSession(user: User): Promise<StartedSession> {
    const sessionId = newSessionId();
    await this.sessions.create(digest(sessionId), user.organization_id, user.id, new Date(Date.now() + SESSION_MAX_MS));
    return { sessionId, user: presentUser(user) };
  }
}
