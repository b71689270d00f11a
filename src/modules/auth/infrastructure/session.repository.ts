import { Injectable } from '@nestjs/common';
import { Database } from '../../../common/database/database';
import { LiveSession, SESSION_IDLE_MS, SessionRepository } from '../domain/session';

@Injectable()
export class PgSessionRepository implements SessionRepository {
  constructor(private readonly db: Database) {}

  async create(tokenHash: Buffer, organizationId: string, userId: string, expiresAt: Date): Promise<void> {
    await this.db.execute(
      `INSERT INTO sessions (token_hash, organization_id, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenHash, organizationId, userId, expiresAt],
    );
  }

  findLive(tokenHash: Buffer): Promise<LiveSession | undefined> {
    return this.db.one<LiveSession>(
      `SELECT s.organization_id AS "organizationId", s.user_id AS "userId", u.role, s.last_used_at AS "lastUsedAt",
         ARRAY(SELECT a.network_id FROM user_network_access a
               WHERE a.organization_id = s.organization_id AND a.user_id = s.user_id) AS "grantedNetworkIds"
       FROM sessions s JOIN users u ON u.organization_id = s.organization_id AND u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_used_at > now() - $2 * interval '1 millisecond'`,
      [tokenHash, SESSION_IDLE_MS],
    );
  }

  async touch(tokenHash: Buffer): Promise<void> {
    await this.db.execute(`UPDATE sessions SET last_used_at = now() WHERE token_hash = $1`, [tokenHash]);
  }

  async delete(tokenHash: Buffer): Promise<void> {
    await this.db.execute(`DELETE FROM sessions WHERE token_hash = $1`, [tokenHash]);
  }
}
