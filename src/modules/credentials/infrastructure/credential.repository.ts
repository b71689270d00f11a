import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { bulkInsert } from '../../../common/database/bulk-insert';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { CredentialFields, CredentialRepository, ScanCredential, StoredCredential } from '../domain/credential';

const COLUMNS = `c.id, c.organization_id, c.name, c.description, c.credential_type, c.tags, c.created_at, c.updated_at,
  ARRAY(SELECT n.network_id FROM credential_networks n WHERE n.organization_id = c.organization_id AND n.credential_id = c.id
        ORDER BY n.network_id) AS assigned_network_ids,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('host_id', h.host_id, 'ip_address_ids', h.ip_address_ids) ORDER BY h.host_id)
            FROM credential_hosts h WHERE h.organization_id = c.organization_id AND h.credential_id = c.id), '[]') AS host_assignments`;

/**
 * $1 organization, $2 accessible networks (null = all). A credential belongs to the organization, not to one
 * network: every network it touches must be among the caller's.
 */
function visible(ctx: TenantContext) {
  const scope = tenantScope('c', ctx, null);
  return {
    where: `${scope.where} AND ($2::uuid[] IS NULL OR NOT EXISTS (
    SELECT 1 FROM credential_networks n WHERE n.organization_id = c.organization_id AND n.credential_id = c.id AND n.network_id <> ALL ($2::uuid[])
    UNION ALL
    SELECT 1 FROM credential_hosts h WHERE h.organization_id = c.organization_id AND h.credential_id = c.id AND h.network_id <> ALL ($2::uuid[])))`,
    params: [...scope.params, networkScope(ctx)],
  };
}

/** $3 network: credentials assigned to it or to a host in it. */
const TOUCHES = `($3::uuid IS NULL
  OR EXISTS (SELECT 1 FROM credential_networks n WHERE n.organization_id = c.organization_id AND n.credential_id = c.id AND n.network_id = $3)
  OR EXISTS (SELECT 1 FROM credential_hosts h WHERE h.organization_id = c.organization_id AND h.credential_id = c.id AND h.network_id = $3))`;

@Injectable()
export class PgCredentialRepository implements CredentialRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const scope = visible(ctx);
    const params = [...scope.params, filter.networkId ?? null];
    const items = await this.db.query<StoredCredential>(
      `SELECT ${COLUMNS} FROM credentials c WHERE ${scope.where} AND ${TOUCHES} ORDER BY c.name, c.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM credentials c WHERE ${scope.where} AND ${TOUCHES}`,
      params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string, options = { lock: false }) {
    const scope = visible(ctx);
    return this.db.one<StoredCredential>(
      `SELECT ${COLUMNS} FROM credentials c WHERE ${scope.where} AND c.id = $3 ${options.lock ? 'FOR UPDATE OF c' : ''}`,
      [...scope.params, id],
    );
  }

  async create(ctx: TenantContext, fields: CredentialFields) {
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO credentials (organization_id, name, description, credential_type, tags) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [ctx.organizationId, fields.name, fields.description, JSON.stringify(fields.credential_type), fields.tags],
    );
    await this.assign(ctx, row!.id, fields);
    return row!.id;
  }

  async update(ctx: TenantContext, id: string, fields: CredentialFields) {
    await this.db.execute(
      `UPDATE credentials SET name = $3, description = $4, credential_type = $5, tags = $6, updated_at = now()
       WHERE organization_id = $1 AND id = $2`,
      [ctx.organizationId, id, fields.name, fields.description, JSON.stringify(fields.credential_type), fields.tags],
    );
    await this.db.execute(`DELETE FROM credential_networks WHERE organization_id = $1 AND credential_id = $2`, [
      ctx.organizationId,
      id,
    ]);
    await this.db.execute(`DELETE FROM credential_hosts WHERE organization_id = $1 AND credential_id = $2`, [
      ctx.organizationId,
      id,
    ]);
    await this.assign(ctx, id, fields);
  }

  async delete(ctx: TenantContext, id: string) {
    const scope = visible(ctx);
    return (
      (await this.db.execute(`DELETE FROM credentials c WHERE ${scope.where} AND c.id = $3`, [...scope.params, id])) > 0
    );
  }

  forScan(ctx: TenantContext, networkId: string) {
    return this.db.query<ScanCredential>(
      `SELECT credential_type, addresses FROM (
         SELECT c.credential_type, c.name, c.id, 0 AS rank,
           ARRAY(SELECT host(i.ip_address) FROM ip_addresses i
                 WHERE i.organization_id = h.organization_id AND i.host_id = h.host_id AND i.valid_to IS NULL
                   AND (h.ip_address_ids IS NULL OR i.id = ANY (h.ip_address_ids))) AS addresses
         FROM credentials c JOIN credential_hosts h ON h.organization_id = c.organization_id AND h.credential_id = c.id
         WHERE c.organization_id = $1 AND h.network_id = $2
         UNION ALL
         SELECT c.credential_type, c.name, c.id, 1, NULL
         FROM credentials c JOIN credential_networks n ON n.organization_id = c.organization_id AND n.credential_id = c.id
         WHERE c.organization_id = $1 AND n.network_id = $2) found
       WHERE $3::uuid[] IS NULL OR $2 = ANY ($3::uuid[])
       ORDER BY rank, name, id`,
      [ctx.organizationId, networkId, networkScope(ctx)],
    );
  }

  liveHosts(ctx: TenantContext, ids: readonly string[]) {
    const scope = tenantScope('h', ctx);
    return this.db.query<{ id: string; network_id: string; ip_address_ids: string[] }>(
      `SELECT h.id, h.network_id,
         ARRAY(SELECT i.id FROM ip_addresses i WHERE i.organization_id = h.organization_id AND i.host_id = h.id AND i.valid_to IS NULL) AS ip_address_ids
       FROM hosts h
       WHERE ${scope.where} AND h.id = ANY ($3::uuid[]) AND h.valid_to IS NULL`,
      [...scope.params, ids],
    );
  }

  private async assign(ctx: TenantContext, credentialId: string, fields: CredentialFields) {
    const base = { organization_id: ctx.organizationId, credential_id: credentialId };
    await bulkInsert(
      this.db,
      'credential_networks',
      { organization_id: 'uuid', credential_id: 'uuid', network_id: 'uuid' },
      fields.assigned_network_ids.map((network_id) => ({ ...base, network_id })),
    );
    await bulkInsert(
      this.db,
      'credential_hosts',
      { organization_id: 'uuid', credential_id: 'uuid', network_id: 'uuid', host_id: 'uuid', ip_address_ids: 'uuid[]' },
      fields.host_assignments.map((a) => ({
        ...base,
        network_id: a.network_id,
        host_id: a.host_id,
        ip_address_ids: a.ip_address_ids,
      })),
    );
  }

  async forgetClosedAddresses(ctx: TenantContext, networkId: string): Promise<void> {
    const scope = tenantScope('c', ctx);
    const live = `EXISTS (SELECT 1 FROM ip_addresses i WHERE i.organization_id = c.organization_id AND i.id = x AND i.valid_to IS NULL)`;
    await this.db.execute(
      `UPDATE credential_hosts c SET ip_address_ids = ARRAY(SELECT x FROM unnest(c.ip_address_ids) AS x WHERE ${live})
       WHERE ${scope.where} AND c.network_id = $3 AND EXISTS (SELECT 1 FROM unnest(c.ip_address_ids) AS x WHERE NOT ${live})`,
      [...scope.params, networkId],
    );
  }

  async forgetTag(ctx: TenantContext, tagId: string): Promise<void> {
    const scope = tenantScope('', ctx, null);
    await this.db.execute(
      `UPDATE credentials SET tags = array_remove(tags, $2) WHERE ${scope.where} AND $2 = ANY (tags)`,
      [...scope.params, tagId],
    );
  }

  async forgetHost(ctx: TenantContext, hostId: string): Promise<void> {
    const scope = tenantScope('', ctx, null);
    await this.db.execute(`DELETE FROM credential_hosts WHERE ${scope.where} AND host_id = $2`, [
      ...scope.params,
      hostId,
    ]);
  }
}
