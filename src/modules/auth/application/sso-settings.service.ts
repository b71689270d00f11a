import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalidField } from '../../../common/errors/app-error';
import { OIDC_PROVIDER, type OidcProvider } from '../domain/oidc-provider.port';
import { SSO_SETTINGS_REPOSITORY, type SsoSettings, type SsoSettingsRepository } from '../domain/sso-settings';

/** An organization's single sign-on settings, for its Owners and Admins. */
@Injectable()
export class SsoSettingsService {
  constructor(
    @Inject(OIDC_PROVIDER) private readonly oidc: OidcProvider,
    @Inject(SSO_SETTINGS_REPOSITORY) private readonly settings: SsoSettingsRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async get(ctx: TenantContext) {
    return { ...(await this.settings.find(ctx)), instance_configured: this.oidc.configured };
  }

  async replace(ctx: TenantContext, input: SsoSettings) {
    // Without a way in through the provider, turning passwords off would lock everyone out.
    if (!input.password_sign_in && (!this.oidc.configured || input.email_domains.length === 0)) {
      throw invalidField(
        'password_sign_in',
        'sso_required',
        'password_sign_in can be false only with single sign-on configured on the instance and a claimed email domain',
      );
    }
    const saved = await this.tx.transaction(async () => {
      const before = await this.settings.find(ctx);
      const after = await this.settings.replace(ctx, input);
      const change = {
        resourceType: 'sso_settings',
        resourceId: ctx.organizationId,
        action: 'update',
        networkId: null,
      };
      await this.audit.record(ctx, { ...change, before, after });
      return after;
    });
    return { ...saved, instance_configured: this.oidc.configured };
  }
}
