import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../auth/tenant-context';
import { Database } from '../database/database';
import { actorOf, type AuditChange, type AuditTrail } from './audit-trail';
import { changedFields } from './changes';
import { redact } from './redaction';

const stored = (value: unknown) => (value === undefined || value === null ? null : redact(value));

/** The change as stored: an update keeps only the fields that changed. */
function beforeAndAfter(change: AuditChange) {
  const { before, after } = change;
  if (before && after) {
    const changed = changedFields(before as Record<string, unknown>, after as Record<string, unknown>);
    return { before: stored(changed.before), after: stored(changed.after) };
  }
  return { before: stored(before), after: stored(after) };
}

/**
 * Writes audit events through Database: inside a transaction they join it. All the changes of one call
 * travel as one JSON parameter, so a call is one statement however many resources it names.
 */
@Injectable()
export class PgAuditTrail implements AuditTrail {
  constructor(private readonly db: Database) {}

  async record(ctx: TenantContext, ...changes: AuditChange[]): Promise<void> {
    if (changes.length === 0) return;
    const actor = actorOf(ctx);
    const rows = changes.map((change) => ({
      occurred_at: change.at ?? null,
      resource_type: change.resourceType,
      resource_id: change.resourceId,
      action: change.action,
      network_id: change.networkId,
      ...beforeAndAfter(change),
    }));
    await this.db.execute(
      `INSERT INTO audit_events (organization_id, occurred_at, actor_type, actor_id, user_id, request_id, client_address,
         resource_type, resource_id, action, network_id, before, after)
       SELECT $1, COALESCE(r.occurred_at, clock_timestamp()), $2, $3, $4, $5, $6,
         r.resource_type, r.resource_id, r.action, r.network_id, r.before, r.after
       FROM jsonb_to_recordset($7::jsonb) AS r(occurred_at timestamptz, resource_type text, resource_id uuid, action text,
         network_id uuid, before jsonb, after jsonb)`,
      [
        ctx.organizationId,
        actor.type,
        actor.id,
        ctx.userId || null,
        ctx.origin?.requestId ?? null,
        ctx.origin?.clientAddress ?? null,
        JSON.stringify(rows),
      ],
    );
  }
}
