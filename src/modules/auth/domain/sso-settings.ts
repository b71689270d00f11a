import type { Role, TenantContext } from '../../../common/auth/tenant-context';

/** Roles single sign-on may give: Owner only ever passes by hand. */
export const SSO_ROLES = ['Admin', 'Member', 'Viewer'] as const satisfies readonly Role[];
export type SsoRole = (typeof SSO_ROLES)[number];

/** A user whose role claim holds `value` gets `role`. */
export interface RoleMapping {
  value: string;
  role: SsoRole;
}

/** An organization's single sign-on: the domains it claims and what happens at sign-in. */
export interface SsoSettings {
  /** Lower-case; a domain is claimed by one organization at most. */
  email_domains: string[];
  /** Create a user at the first sign-in of an unknown email of a claimed domain (JIT). */
  create_users: boolean;
  /** The role of a created user whom no mapping matches. */
  default_role: SsoRole;
  /** The ID token claim whose values the mappings look at (e.g. groups, roles); null: none. */
  role_claim: string | null;
  role_mappings: RoleMapping[];
  /** false: the organization's members sign in through single sign-on only. */
  password_sign_in: boolean;
}

export const DEFAULT_SSO_SETTINGS: SsoSettings = {
  email_domains: [],
  create_users: false,
  default_role: 'Viewer',
  role_claim: null,
  role_mappings: [],
  password_sign_in: true,
};

export interface SsoSettingsRepository {
  find(ctx: TenantContext): Promise<SsoSettings>;
  /** Replaces every setting and the claimed domains; a domain another organization claims is a 409. */
  replace(ctx: TenantContext, settings: SsoSettings): Promise<SsoSettings>;
  /** The organization that claims this domain, with its settings. */
  findByDomain(domain: string): Promise<{ organizationId: string; settings: SsoSettings } | undefined>;
  passwordSignInAllowed(organizationId: string): Promise<boolean>;
}

export const SSO_SETTINGS_REPOSITORY = Symbol('SSO_SETTINGS_REPOSITORY');

/** The role a created user gets: the highest mapped role among the claim's values, else the default. */
export function mappedRole(settings: SsoSettings, claims: Record<string, unknown>): SsoRole {
  const raw = settings.role_claim ? claims[settings.role_claim] : undefined;
  const values = new Set((Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string'));
  const matched = settings.role_mappings.filter((m) => values.has(m.value)).map((m) => m.role);
  return SSO_ROLES.find((role) => matched.includes(role)) ?? settings.default_role;
}
