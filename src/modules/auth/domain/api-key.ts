import type { Role, TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';

export const KEY_PERMISSIONS = ['Viewer', 'Member', 'Admin'] as const;
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];

export interface ApiKey {
  id: string;
  name: string;
  user_id: string;
  organization_id: string;
  permissions: KeyPermission;
  /** null: every network its owner may access. */
  network_ids: string[] | null;
  expires_at: Date | null;
  is_enabled: boolean;
  last_used_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeyFields {
  name: string;
  permissions: KeyPermission;
  network_ids: string[] | null;
  expires_at: Date | null;
  is_enabled: boolean;
}

/** What authenticating with a key needs: the key, its owner's role, and the networks it reaches. */
export interface KeyCredential {
  id: string;
  organizationId: string;
  userId: string;
  permissions: KeyPermission;
  ownerRole: Role;
  planType: string;
  isEnabled: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** Key networks narrowed to what the owner may access now; null = all of the organization's. */
  networkIds: string[] | null;
}

/** Every method is limited to the caller's own keys in the caller's organization. */
export interface ApiKeyRepository {
  list(ctx: TenantContext, page: PageRequest): Promise<{ items: ApiKey[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<ApiKey | undefined>;
  create(ctx: TenantContext, fields: ApiKeyFields, keyHash: Buffer): Promise<ApiKey>;
  update(ctx: TenantContext, id: string, fields: ApiKeyFields): Promise<ApiKey | undefined>;
  replaceSecret(ctx: TenantContext, id: string, keyHash: Buffer): Promise<ApiKey | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /** Before any tenant is known: the lookup is by the secret's digest, unique across organizations. */
  findCredential(keyHash: Buffer): Promise<KeyCredential | undefined>;
  touch(organizationId: string, id: string): Promise<void>;
  /** Keys scoped to a deleted network keep their other networks; one left with none reaches nothing. */
  removeNetwork(ctx: TenantContext, networkId: string): Promise<void>;
}

export const API_KEY_REPOSITORY = Symbol('API_KEY_REPOSITORY');
