import type { TenantContext } from '../../../common/auth/tenant-context';

/**
 * The context a worker acts in: the organization of the run and nothing beyond its network. userId is
 * '' when the creator has since been deleted (stored as NULL). The audit trail names the run (or the
 * schedule that starts one) as the actor.
 */
export const workerContext = (
  job: { organization_id: string; network_id: string; created_by: string | null; run_id?: string },
  actor: TenantContext['actor'] = job.run_id ? { type: 'discovery_run', id: job.run_id } : undefined,
): TenantContext => ({
  organizationId: job.organization_id,
  userId: job.created_by ?? '',
  role: 'Member',
  networkIds: [job.network_id],
  via: 'worker',
  actor,
});
