import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { ApiKey, ApiKeyFields, ApiKeyRepository, KeyCredential } from '../domain/api-key';

const COLUMNS = `id, name, user_id, organization_id, permissions, network_ids, expires_at, is_enabled, last_used_at, created_at, updated_at`;
/** $1 organization, $2 owner: a caller only ever reaches its own keys. */
function own(ctx: TenantContext) {
  const scope = tenantScope('', ctx, null);
  return { where: `${scope.where} AND user_id = $2`, params: [...scope.params, ctx.userId] };
}

const GRANTED = `SELECT a.network_id FROM user_network_access a WHERE a.organization_id = k.organization_id AND a.user_id = k.user_id`;

@Injectable()
export class PgApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const scope = own(ctx);
    const items = await this.db.query<ApiKey>(
      `SELECT ${COLUMNS} FROM api_keys WHERE ${scope.where} ORDER BY created_at, id LIMIT $3 OFFSET $4`,
      [...scope.params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM api_keys WHERE ${scope.where}`,
      scope.params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const scope = own(ctx);
    return this.db.one<ApiKey>(`SELECT ${COLUMNS} FROM api_keys WHERE ${scope.where} AND id = $3`, [
      ...scope.params,
      id,
    ]);
  }

  async create(ctx: TenantContext, fields: ApiKeyFields, keyHash: Buffer) {
    const row = await this.db.one<ApiKey>(
      `INSERT INTO api_keys (organization_id, user_id, name, permissions, network_ids, expires_at, is_enabled, key_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [
        ctx.organizationId,
        ctx.userId,
        fields.name,
        fields.permissions,
        fields.network_ids,
        fields.expires_at,
        fields.is_enabled,
        keyHash,
      ],
    );
    return row!;
  }

  update(ctx: TenantContext, id: string, fields: ApiKeyFields) {
    const scope = own(ctx);
    return this.db.one<ApiKey>(
      `UPDATE api_keys SET name = $4, permissions = $5, network_ids = $6, expires_at = $7, is_enabled = $8, updated_at = now()
       WHERE ${scope.where} AND id = $3 RETURNING ${COLUMNS}`,
      [...scope.params, id, fields.name, fields.permissions, fields.network_ids, fields.expires_at, fields.is_enabled],
    );
  }

  replaceSecret(ctx: TenantContext, id: string, keyHash: Buffer) {
    const scope = own(ctx);
    return this.db.one<ApiKey>(
      `UPDATE api_keys SET key_hash = $4, updated_at = now() WHERE ${scope.where} AND id = $3 RETURNING ${COLUMNS}`,
      [...scope.params, id, keyHash],
    );
  }

  async delete(ctx: TenantContext, id: string) {
    const scope = own(ctx);
    return (await this.db.execute(`DELETE FROM api_keys WHERE ${scope.where} AND id = $3`, [...scope.params, id])) > 0;
  }

  /** Every API request's first statement: prepared, so that it is planned once per connection. */
  findCredential(keyHash: Buffer) {
    return this.db.onePrepared<KeyCredential>(
      'api-key-credential',
      `SELECT k.id, k.organization_id AS "organizationId", k.user_id AS "userId", k.permissions, u.role AS "ownerRole",
         o.plan_type AS "planType", k.is_enabled AS "isEnabled", k.expires_at AS "expiresAt", k.last_used_at AS "lastUsedAt",
         CASE
           WHEN k.network_ids IS NULL AND u.role IN ('Owner', 'Admin') THEN NULL
           WHEN k.network_ids IS NULL THEN ARRAY(${GRANTED})
           WHEN u.role IN ('Owner', 'Admin') THEN
             ARRAY(SELECT n.id FROM networks n WHERE n.organization_id = k.organization_id AND n.id = ANY (k.network_ids))
           ELSE ARRAY(${GRANTED} AND a.network_id = ANY (k.network_ids))
         END AS "networkIds"
       FROM api_keys k
       JOIN users u ON u.organization_id = k.organization_id AND u.id = k.user_id
       JOIN organizations o ON o.id = k.organization_id
       WHERE k.key_hash = $1`,
      [keyHash],
    );
  }

  async touch(organizationId: string, id: string): Promise<void> {
    await this.db.execute(`UPDATE api_keys SET last_used_at = now() WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
  }

  async removeNetwork(ctx: TenantContext, networkId: string): Promise<void> {
    const scope = tenantScope('', ctx, null);
    await this.db.execute(
      `UPDATE api_keys SET network_ids = array_remove(network_ids, $2::uuid), updated_at = now()
       WHERE ${scope.where} AND $2::uuid = ANY (network_ids)`,
      [...scope.params, networkId],
    );
  }
}
