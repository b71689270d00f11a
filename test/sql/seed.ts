import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Database } from '../../src/common/database/database';
import { PgRunRepository } from '../../src/modules/discovery/infrastructure/run.repository';
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
  /** The host's children, one of each kind. */
  ipAddressId: string;
  portId: string;
  serviceId: string;
  bindingId: string;
  interfaceId: string;
  tagId: string;
  credentialId: string;
  /** A discovery run of the network (queued). */
  runId: string;
  /** An id no row has. */
  missing: string;
  page: { limit: number; offset: number };
}

export async function seed(http: HttpClient, dataSource: DataSource): Promise<Seed> {
  const org = await registerOrg(http);
  const owner = org.owner.session;
  const networkId = await addNetwork(http, owner);
  const subnetId = await addSubnet(http, owner, networkId, '10.9.0.0/24');
  const tagId = await addTag(http, owner);
  const [ipAddressId, portId, serviceId, bindingId, interfaceId] = [1, 2, 3, 4, 5].map(() => randomUUID());
  const host = await addHost(http, owner, networkId, {
    tags: [tagId],
    ip_addresses: [{ id: ipAddressId, ip_address: '10.9.0.5', subnet_id: subnetId, mac_address: '02:00:00:00:00:05' }],
    ports: [{ id: portId, number: 80, protocol: 'Tcp', type: 'Http' }],
    services: [
      {
        id: serviceId,
        name: 'web',
        service_definition: 'Nginx',
        bindings: [{ id: bindingId, type: 'Port', ip_address_id: ipAddressId, port_id: portId }],
      },
    ],
    interfaces: [{ id: interfaceId, if_index: 1, if_name: 'eth0', ip_address_id: ipAddressId }],
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
  const ctx: TenantContext = {
    organizationId: org.id,
    userId: org.owner.id,
    role: 'Owner',
    networkIds: [networkId],
    via: 'session',
  };
  const settings = { targets: ['10.9.0.0/30'], ports: [80], snmp: false, timeout_ms: 1000, concurrency: 4 };
  const run = await new PgRunRepository(new Database(dataSource)).create(ctx, networkId, settings, 4);
  return {
    credentialId: credential.id,
    runId: run.id,
    ctx,
    networkId,
    subnetId,
    hostId: host.id,
    ipAddressId,
    portId,
    serviceId,
    bindingId,
    interfaceId,
    tagId,
    missing: '00000000-0000-4000-8000-000000000000',
    page: { limit: 50, offset: 0 },
  };
}
