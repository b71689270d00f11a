import { randomUUID } from 'node:crypto';
import type { TenantContext } from '../../src/common/auth/tenant-context';
import { addHost, addSubnet, addTag } from '../support/hosts';
import type { HttpClient } from '../support/http';
import { expectOk } from '../support/http';
import { addNetwork, registerOrg } from '../support/tenants';

/** The rows repository calls refer to: one organization, its Owner, a network with a subnet and a host. */
export interface Seed {
  ctx: TenantContext;
  networkId: string;
  subnetId: string;
  hostId: string;
  ipAddressId: string;
  tagId: string;
  credentialId: string;
  /** An id no row has. */
  missing: string;
  page: { limit: number; offset: number };
}

export async function seed(http: HttpClient): Promise<Seed> {
  const org = await registerOrg(http);
  const owner = org.owner.session;
  const networkId = await addNetwork(http, owner);
  const subnetId = await addSubnet(http, owner, networkId, '10.9.0.0/24');
  const tagId = await addTag(http, owner);
  const ipAddressId = randomUUID();
  const host = await addHost(http, owner, networkId, {
    ip_addresses: [{ id: ipAddressId, ip_address: '10.9.0.5', subnet_id: subnetId }],
  });
  const credential = expectOk(
    await http.as(owner).post('/api/v1/credentials', {
      name: 'seed',
      organization_id: org.id,
      tags: [],
      assigned_network_ids: [],
      host_assignments: [],
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'seed-community' } },
    }),
    201,
  );
  return {
    credentialId: credential.id,
    ctx: { organizationId: org.id, userId: org.owner.id, role: 'Owner', networkIds: [networkId], via: 'session' },
    networkId,
    subnetId,
    hostId: host.id,
    ipAddressId,
    tagId,
    missing: '00000000-0000-4000-8000-000000000000',
    page: { limit: 50, offset: 0 },
  };
}
