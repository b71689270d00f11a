import { PgSsoSettingsRepository } from '../../src/modules/auth/infrastructure/sso-settings.repository';
import type { RepositoryCalls } from './repository-calls';

const settings = {
  email_domains: ['sql-snapshot.example.test'],
  create_users: true,
  default_role: 'Member',
  role_claim: 'groups',
  role_mappings: [{ value: 'admins', role: 'Admin' }],
  password_sign_in: true,
};

export const SSO: RepositoryCalls[] = [
  {
    file: 'src/modules/auth/infrastructure/sso-settings.repository.ts',
    type: PgSsoSettingsRepository,
    calls: {
      find: (s) => [[s.ctx]],
      replace: (s) => [[s.ctx, settings]],
      findByDomain: () => [['sql-snapshot.example.test']],
      passwordSignInAllowed: (s) => [[s.ctx.organizationId]],
      domains: 'private',
    },
  },
];
