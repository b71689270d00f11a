import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { DEFAULT_SSO_SETTINGS, type SsoSettings, type SsoSettingsRepository } from '../domain/sso-settings';

const COLUMNS = `s.create_users, s.default_role, s.role_claim, s.role_mappings, s.password_sign_in`;

type SettingsRow = Omit<SsoSettings, 'email_domains'>;

/** Settings and domains belong to the whole organization: only $1. */
@Injectable()
export class PgSsoSettingsRepository implements SsoSettingsRepository {
  constructor(private readonly db: Database) {}

  async find(ctx: TenantContext): Promise<SsoSettings> {
    const s = tenantScope('s', ctx, null);
    const row = await this.db.one<SettingsRow>(`SELECT ${COLUMNS} FROM organization_sso_settings s WHERE ${s.where}`, [
      ...s.params,
    ]);
    return { ...DEFAULT_SSO_SETTINGS, ...row, email_domains: await this.domains(ctx) };
  }

  async replace(ctx: TenantContext, settings: SsoSettings): Promise<SsoSettings> {
    return this.db.transaction(async () => {
      const s = tenantScope('', ctx, null);
      await this.db.execute(
        `INSERT INTO organization_sso_settings
           (organization_id, create_users, default_role, role_claim, role_mappings, password_sign_in)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (organization_id) DO UPDATE SET create_users = $2, default_role = $3, role_claim = $4,
           role_mappings = $5, password_sign_in = $6, updated_at = now()`,
        [
          ...s.params,
          settings.create_users,
          settings.default_role,
          settings.role_claim,
          JSON.stringify(settings.role_mappings),
          settings.password_sign_in,
        ],
      );
      await this.db.execute(`DELETE FROM organization_email_domains WHERE ${s.where} AND NOT (domain = ANY ($2))`, [
        ...s.params,
        settings.email_domains,
      ]);
      await this.db.execute(
        `INSERT INTO organization_email_domains (organization_id, domain)
         SELECT $1, unnest($2::text[]) ON CONFLICT (organization_id, domain) DO NOTHING`,
        [...s.params, settings.email_domains],
      );
      return this.find(ctx);
    });
  }

  async findByDomain(domain: string): Promise<{ organizationId: string; settings: SsoSettings } | undefined> {
    const row = await this.db.one<SettingsRow & { organization_id: string }>(
      `SELECT d.organization_id, ${COLUMNS}
       FROM organization_email_domains d
       LEFT JOIN organization_sso_settings s ON s.organization_id = d.organization_id
       WHERE d.domain = $1`,
      [domain],
    );
    if (!row) return undefined;
    const { organization_id: organizationId, ...settings } = row;
    const present = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null));
    return { organizationId, settings: { ...DEFAULT_SSO_SETTINGS, ...present, role_claim: settings.role_claim } };
  }

  async passwordSignInAllowed(organizationId: string): Promise<boolean> {
    const row = await this.db.one<{ password_sign_in: boolean }>(
      `SELECT s.password_sign_in FROM organization_sso_settings s WHERE s.organization_id = $1`,
      [organizationId],
    );
    return row?.password_sign_in ?? true;
  }

  private async domains(ctx: TenantContext): Promise<string[]> {
    const s = tenantScope('d', ctx, null);
    const rows = await this.db.query<{ domain: string }>(
      `SELECT d.domain FROM organization_email_domains d WHERE ${s.where} ORDER BY d.domain`,
      s.params,
    );
    return rows.map((r) => r.domain);
  }
}
