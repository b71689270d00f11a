import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuthGuard } from '../../common/auth/auth.guard';
import { CREDENTIAL_RESOLVER } from '../../common/auth/credential-resolver';
import { TenancyModule } from '../tenancy';
import { ApiKeysController } from './api/api-keys.controller';
import { AuthController } from './api/auth.controller';
import { OidcController } from './api/oidc.controller';
import { SsoSettingsController } from './api/sso-settings.controller';
import { ApiKeysService } from './application/api-keys.service';
import { AuthService } from './application/auth.service';
import { CredentialResolverService } from './application/credential-resolver.service';
import { SsoSettingsService } from './application/sso-settings.service';
import { SsoSignInService } from './application/sso-sign-in.service';
import { API_KEY_REPOSITORY } from './domain/api-key';
import { OIDC_PROVIDER } from './domain/oidc-provider.port';
import { SESSION_REPOSITORY } from './domain/session';
import { SSO_SETTINGS_REPOSITORY } from './domain/sso-settings';
import { PgApiKeyRepository } from './infrastructure/api-key.repository';
import { ApiKeyStrategy } from './infrastructure/api-key.strategy';
import { OidcClient } from './infrastructure/openid-client';
import { PgSessionRepository } from './infrastructure/session.repository';
import { PgSsoSettingsRepository } from './infrastructure/sso-settings.repository';

/** Sessions, API keys, single sign-on, and the global guard that turns either into a TenantContext. */
@Module({
  imports: [PassportModule, TenancyModule],
  controllers: [AuthController, ApiKeysController, OidcController, SsoSettingsController],
  providers: [
    AuthService,
    ApiKeysService,
    CredentialResolverService,
    SsoSignInService,
    SsoSettingsService,
    ApiKeyStrategy,
    { provide: CREDENTIAL_RESOLVER, useExisting: CredentialResolverService },
    { provide: SESSION_REPOSITORY, useClass: PgSessionRepository },
    { provide: API_KEY_REPOSITORY, useClass: PgApiKeyRepository },
    { provide: SSO_SETTINGS_REPOSITORY, useClass: PgSsoSettingsRepository },
    { provide: OIDC_PROVIDER, useClass: OidcClient },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}
