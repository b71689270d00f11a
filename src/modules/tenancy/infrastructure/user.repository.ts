import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { NewUser, User, UserChanges, UserRepository } from '../domain/user';

const COLUMNS = `u.id, u.organization_id, u.email::text AS email, u.name, u.role, u.job_title, u.created_at, u.updated_at,
  ARRAY(SELECT a.network_id FROM user_network_access a
        WHERE a.organization_id = u.organization_id AND a.user_id = u.id ORDER BY a.network_id) AS network_ids`;

/** Users belong to the whole organization: only $1. */
const organizationWide = (alias: string, ctx: TenantContext) => tenantScope(alias, ctx, null);

@Injectable()
export class PgUserRepository implements UserRepository {
  constructor(private readonly db: Database) {}

  async create(input: NewUser): Promise<User> {
    return this.db.transaction(async () => {
      const row = await this.db.one<{ id: string }>(
        `INSERT INTO users (organization_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.organizationId, input.email, input.name, input.role, input.passwordHash],
      );
      await this.grant(input.organizationId, row!.id, input.networkIds);
      return (await this.byId(input.organizationId, row!.id))!;
    });
  }

  async list(ctx: TenantContext, page: PageRequest): Promise<{ items: User[]; total: number }> {
    const s = organizationWide('u', ctx);
    const items = await this.db.query<User>(
      `SELECT ${COLUMNS} FROM users u WHERE ${s.where} ORDER BY u.created_at, u.id LIMIT $2 OFFSET $3`,
      [...s.params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${s.where}`, s.params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string): Promise<User | undefined> {
    return this.byId(ctx.organizationId, id);
  }

  async update(ctx: TenantContext, id: string, changes: UserChanges): Promise<User | undefined> {
    return this.db.transaction(async () => {
      const s = organizationWide('', ctx);
      const touched = await this.db.execute(
        `UPDATE users SET email = COALESCE($3, email), name = COALESCE($4, name), role = COALESCE($5, role),
           password_hash = COALESCE($6, password_hash), updated_at = now()
         WHERE ${s.where} AND id = $2`,
        [
          ...s.params,
          id,
          changes.email ?? null,
          changes.name ?? null,
          changes.role ?? null,
          changes.passwordHash ?? null,
        ],
      );
      if (touched === 0) return undefined;
      if (changes.networkIds) {
        await this.db.execute(`DELETE FROM user_network_access WHERE ${s.where} AND user_id = $2`, [...s.params, id]);
        await this.grant(ctx.organizationId, id, changes.networkIds);
      }
      return this.byId(ctx.organizationId, id);
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<boolean> {
    const s = organizationWide('', ctx);
    return (await this.db.execute(`DELETE FROM users WHERE ${s.where} AND id = $2`, [...s.params, id])) > 0;
  }

  async countOwners(ctx: TenantContext): Promise<number> {
    const s = organizationWide('', ctx);
    const row = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT id FROM users WHERE ${s.where} AND role = 'Owner' FOR UPDATE) owners`,
      s.params,
    );
    return row!.n;
  }

  async setJobTitle(ctx: TenantContext, jobTitle: string | null): Promise<void> {
    const s = organizationWide('', ctx);
    await this.db.execute(`UPDATE users SET job_title = $3, updated_at = now() WHERE ${s.where} AND id = $2`, [
      ...s.params,
      ctx.userId,
      jobTitle,
    ]);
  }

  findForLogin(email: string): Promise<(User & { password_hash: string }) | undefined> {
    return this.db.one(`SELECT ${COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`, [email]);
  }

  private byId(organizationId: string, id: string): Promise<User | undefined> {
    return this.db.one<User>(`SELECT ${COLUMNS} FROM users u WHERE u.organization_id = $1 AND u.id = $2`, [
      organizationId,
      id,
    ]);
  }

  private async grant(organizationId: string, userId: string, networkIds: string[]): Promise<void> {
    if (networkIds.length === 0) return;
    await this.db.execute(
      `INSERT INTO user_network_access (organization_id, user_id, network_id)
       SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`,
      [organizationId, userId, networkIds],
    );
  }
}
