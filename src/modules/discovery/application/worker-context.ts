import type { TenantContext } from '../../../common/auth/tenant-context';

/**
 * The context a worker acts in: the organization of the run and nothing beyond its network. userId is
 * '' when the creator has since been deleted (stored as NULL).
 */
export const workerContext = (job: {
  organization_id: string;
  network_id: string;
  created_by: string | null;
}): TenantContext => ({
  organizationId: job.organization_id,
  userId: job.created_by ?? '',
  role: 'Member',
  networkIds: [job.network_id],
  via: 'worker',
});
