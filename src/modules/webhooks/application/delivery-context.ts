import type { TenantContext } from '../../../common/auth/tenant-context';

/** Deliveries and periodic checks act for the whole organization whose event they carry, as no one in it. */
export const organizationContext = (organizationId: string): TenantContext => ({
  organizationId,
  userId: '',
  role: 'Owner',
  networkIds: 'all',
  via: 'worker',
});
