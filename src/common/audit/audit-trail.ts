import type { TenantContext } from '../auth/tenant-context';

export type AuditAction = 'create' | 'update' | 'delete' | (string & {});

/** One write of one resource, as a service describes it; secrets are redacted by the trail. */
export interface AuditChange {
  resourceType: string;
  resourceId: string | null;
  action: AuditAction;
  /** The network of a network-level resource; null for the organization's own (users, tags, keys). */
  networkId: string | null;
  before?: object | null;
  after?: object | null;
  /** The write's instant when it has one (versioned writes): a history joins its author on it. */
  at?: Date;
}

/**
 * Port every service writes through, inside the transaction of its write: the record commits with the
 * write or not at all, and a record that cannot be written fails the write (docs/audit.md).
 */
export interface AuditTrail {
  record(ctx: TenantContext, ...changes: AuditChange[]): Promise<void>;
}

export const AUDIT_TRAIL = Symbol('AUDIT_TRAIL');

export type ActorType = 'user' | 'api_key' | 'discovery_run' | 'discovery_schedule' | 'share';

/** Who the trail names for a context: its explicit actor, else the key, else the session's user. */
export function actorOf(ctx: TenantContext): { type: ActorType; id: string | null } {
  if (ctx.actor) return ctx.actor;
  if (ctx.via === 'api_key' && ctx.apiKeyId) return { type: 'api_key', id: ctx.apiKeyId };
  return { type: 'user', id: ctx.userId || null };
}
