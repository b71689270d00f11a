import { randomUUID } from 'node:crypto';
import { HOST_ORDER_FIELDS } from '../../src/modules/inventory/domain/enums';
import type { HostDraft } from '../../src/modules/inventory/domain/host';
import type { IdentityColumns } from '../../src/modules/inventory/domain/identity/identity';
import { planIngest } from '../../src/modules/inventory/domain/ingest-plan';
import { lookupKeys } from '../../src/modules/inventory/domain/links/lookup-keys';
import type { NetworkSnapshot, ObservedHost } from '../../src/modules/inventory/domain/observation';
import { PgHostReader } from '../../src/modules/inventory/infrastructure/host-reader.repository';
import { PgHostWriter } from '../../src/modules/inventory/infrastructure/host-writer.repository';
import { PgObservationStore } from '../../src/modules/inventory/infrastructure/observation.repository';
import { PgSubnetRepository } from '../../src/modules/inventory/infrastructure/subnet.repository';
import type { RepositoryCalls } from './repository-calls';
import type { Seed } from './seed';

const hostQuery = { orderDirection: 'asc', limit: 50, offset: 0, includeChildren: true };

export const INVENTORY: RepositoryCalls[] = [
  {
    file: 'src/modules/inventory/infrastructure/host-reader.repository.ts',
    type: PgHostReader,
    calls: {
      list: (s) => [
        [s.ctx, hostQuery],
        [s.ctx, { ...hostQuery, search: 'web', includeChildren: false }],
        [s.ctx, { ...hostQuery, tagIds: [s.tagId], includeChildren: false }],
        ...HOST_ORDER_FIELDS.map((field) => [s.ctx, { ...hostQuery, groupBy: field, orderBy: field }]),
      ],
      stream: (s) => [
        [s.ctx, { ...hostQuery, limit: 0 }, async () => {}],
        [s.ctx, { ...hostQuery, limit: 0, groupBy: 'created_at', includeChildren: false }, async () => {}],
      ],
      history: (s) => [[s.ctx, s.hostId]],
      build: 'private',
      counts: 'private',
      hostFields: 'private',
    },
  },
  {
    file: 'src/modules/inventory/infrastructure/host-writer.repository.ts',
    type: PgHostWriter,
    calls: {
      lock: (s) => [[s.ctx, s.hostId]],
      instant: () => [[]],
      create: (s) => [[s.ctx, randomUUID(), draft(s, fresh()), IDENTITY, new Date()]],
      // Keeps the address (changed), replaces the port, service, binding and interface, drops the tag.
      replace: (s) => [
        [s.ctx, s.hostId, { ...draft(s, { ...fresh(), ip: s.ipAddressId }), tags: [] }, IDENTITY, new Date()],
        [s.ctx, s.hostId, draft(s, { ...fresh(), ip: s.ipAddressId }), IDENTITY, new Date()],
      ],
      close: (s) => [[s.ctx, s.hostId, new Date()]],
      forgetTag: (s) => [[s.ctx, s.tagId]],
      liveSubnets: (s) => [[s.ctx, s.networkId, [s.subnetId]]],
      liveHosts: (s) => [[s.ctx, [s.hostId]]],
      liveInterfaces: (s) => [[s.ctx, [s.interfaceId]]],
      takenChildIds: (s) => [[s.ctx, s.hostId, { ip_addresses: [s.ipAddressId], ports: [s.portId] }]],
      liveChildIds: 'private',
      insertChildren: 'private',
      insertTags: 'private',
    },
  },
  {
    file: 'src/modules/inventory/infrastructure/observation.repository.ts',
    type: PgObservationStore,
    calls: {
      findRun: (s) => [[s.runId]],
      lockNetwork: (s) => [[s.ctx, s.networkId]],
      snapshot: (s) => [[s.ctx, s.networkId, lookupKeys(seenAgain)]],
      apply: (s) => {
        const sighting = { observedAt: new Date(), discoveryId: s.runId };
        const plan = (observed: ObservedHost[]) => planIngest(snapshotOf(s), observed, randomUUID);
        return [
          [s.ctx, s.networkId, plan(seenAgain), new Date(), sighting],
          [s.ctx, s.networkId, plan(movedAddress), new Date(), sighting],
        ];
      },
      markSeen: 'private',
    },
  },
  {
    file: 'src/modules/inventory/infrastructure/subnet.repository.ts',
    type: PgSubnetRepository,
    calls: {
      list: (s) => [[s.ctx, {}, s.page]],
      find: (s) => [
        [s.ctx, [s.subnetId]],
        [s.ctx, [s.subnetId], new Date()],
      ],
      lock: (s) => [[s.ctx, s.subnetId]],
      history: (s) => [[s.ctx, s.subnetId]],
      create: (s) => [[s.ctx, s.networkId, { cidr: '10.8.0.0/24', name: 'lab', description: '' }]],
      update: (s) => [[s.ctx, s.subnetId, { cidr: '10.9.0.0/24', name: 'renamed', description: '' }]],
      close: (s) => [[s.ctx, s.subnetId]],
      inUse: (s) => [[s.ctx, s.subnetId]],
    },
  },
];

type ChildIds = Record<'ip' | 'port' | 'service' | 'binding' | 'iface', string>;

const fresh = (): ChildIds => ({
  ip: randomUUID(),
  port: randomUUID(),
  service: randomUUID(),
  binding: randomUUID(),
  iface: randomUUID(),
});

const IDENTITY: IdentityColumns = {
  device_type: 'Server',
  vendor: 'Dell',
  model: null,
  os: 'Linux 6.1',
  location: 'DC1 / Row 3 / Rack 12',
  identity_sources: { device_type: { source: 'Manual', evidence: [] } },
};

function draft(s: Seed, ids: ChildIds): HostDraft {
  const manual = { type: 'Manual' };
  return {
    network_id: s.networkId,
    name: 'db',
    hostname: 'db.lan',
    description: '',
    hidden: false,
    tags: [s.tagId],
    virtualization: null,
    source: manual,
    identity: { device_type: 'Server' },
    ip_addresses: [
      { id: ids.ip, subnet_id: s.subnetId, ip_address: '10.9.0.6', mac_address: '', name: 'eth0', position: 0 },
    ],
    ports: [{ id: ids.port, number: 5432, protocol: 'Tcp', type: 'Postgresql' }],
    services: [
      {
        id: ids.service,
        name: 'postgres',
        service_definition: 'PostgreSQL',
        position: 0,
        tags: [],
        virtualization: null,
        source: manual,
        bindings: [{ id: ids.binding, type: 'Port', ip_address_id: ids.ip, port_id: ids.port }],
      },
    ],
    interfaces: [
      {
        id: ids.iface,
        ip_address_id: ids.ip,
        if_index: 2,
        if_name: 'eth1',
        if_descr: '',
        if_alias: '',
        if_type: 6,
        speed_bps: 1_000_000_000,
        admin_status: 'Up',
        oper_status: 'Up',
        mac_address: '02:00:00:00:00:06',
        cdp_address: null,
        cdp_device_id: null,
        cdp_platform: null,
        cdp_port_id: null,
        lldp_chassis_id: null,
        lldp_mgmt_addr: null,
        lldp_port_desc: null,
        lldp_port_id: null,
        lldp_sys_desc: null,
        lldp_sys_name: null,
        neighbor: null,
      },
    ],
  };
}

/** The seeded network as ingest reads it. */
function snapshotOf(s: Seed): NetworkSnapshot {
  const mac = '02:00:00:00:00:05';
  return {
    subnets: [{ id: s.subnetId, cidr: '10.9.0.0/24' }],
    hosts: [{ id: s.hostId, name: 'seed', hostname: '' }],
    ip_addresses: [{ id: s.ipAddressId, host_id: s.hostId, ip_address: '10.9.0.5', mac_address: mac }],
    ports: [{ id: s.portId, host_id: s.hostId, number: 80, protocol: 'Tcp' }],
    services: [{ id: s.serviceId, host_id: s.hostId, name: 'web' }],
    bindings: [{ id: s.bindingId, host_id: s.hostId, service_id: s.serviceId, port_id: s.portId }],
    interfaces: [
      {
        id: s.interfaceId,
        host_id: s.hostId,
        if_index: 1,
        if_name: 'eth0',
        if_descr: '',
        if_alias: '',
        mac_address: '',
        neighbor: null,
      },
    ],
  };
}

/** The seeded host renamed, with a new address, port, service and interface; and a host not seen before. */
const seenAgain: ObservedHost[] = [
  {
    mac: '02:00:00:00:00:05',
    name: 'renamed',
    ip_addresses: [{ ip_address: '10.9.0.5', mac_address: '02:00:00:00:00:05' }, { ip_address: '10.9.0.7' }],
    ports: [{ number: 22, protocol: 'Tcp' }],
    services: [
      {
        name: 'ssh',
        service_definition: 'OpenSSH',
        port: 22,
        protocol: 'Tcp',
        source_metadata: { evidence: 'banner' },
      },
    ],
    interfaces: [
      { if_index: 1, if_name: 'eth0', speed_bps: 1_000_000_000 },
      { if_index: 2, if_name: 'eth1' },
    ],
  },
  { name: 'printer', ip_addresses: [{ ip_address: '10.9.0.9' }] },
];

/** The seeded host (known by its MAC) at another address: the old one closes. */
const movedAddress: ObservedHost[] = [
  { mac: '02:00:00:00:00:05', ip_addresses: [{ ip_address: '10.9.0.8', mac_address: '02:00:00:00:00:05' }] },
];
