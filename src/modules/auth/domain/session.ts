import type { Role } from '../../../common/auth/tenant-context';

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 3600 * 1000;
/** last_used_at moves at most this often, so a busy session does not write on every request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export interface LiveSession {
  organizationId: string;
  userId: string;
  role: Role;
  grantedNetworkIds: string[];
  lastUsedAt: Date;
}

export interface SessionRepository {
  create(tokenHash: Buffer, organizationId: string, userId: string, expiresAt: Date): Promise<void>;
  /** A session that is neither idle past SESSION_IDLE_MS nor past its absolute expiry. */
  findLive(tokenHash: Buffer): Promise<LiveSession | undefined>;
  touch(tokenHash: Buffer): Promise<void>;
  delete(tokenHash: Buffer): Promise<void>;
}

export const SESSION_REPOSITORY = Symbol('SESSION_REPOSITORY');
