import type { ActorType } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';

export const ACTOR_TYPES: readonly ActorType[] = ['user', 'api_key', 'discovery_run', 'discovery_schedule', 'share'];

/** An audit event as the API shows it (docs/audit.md). */
export interface AuditEvent {
  id: string;
  occurred_at: Date;
  actor: { type: ActorType; id: string | null; user_id: string | null };
  request_id: string | null;
  client_address: string | null;
  resource_type: string;
  resource_id: string | null;
  action: string;
  network_id: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditEventFilter {
  actorType?: ActorType;
  actorId?: string;
  resourceType?: string;
  resourceId?: string;
  action?: string;
  networkId?: string;
  from?: Date;
  to?: Date;
}

export interface AuditEventRepository {
  /** Newest first, within the caller's organization and networks. */
  list(
    ctx: TenantContext,
    filter: AuditEventFilter,
    page: PageRequest,
  ): Promise<{ items: AuditEvent[]; total: number }>;
  /** Deletes the events of every organization older than `before`; how many. */
  prune(before: Date): Promise<number>;
}

export const AUDIT_EVENT_REPOSITORY = Symbol('AUDIT_EVENT_REPOSITORY');
