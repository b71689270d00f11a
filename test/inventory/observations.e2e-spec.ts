import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

describe('POST /api/v1/discovery/observations', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const ingest = (hosts: object[], extra: object = {}) =>
    as().post('/api/v1/discovery/observations', {
      network_id: net,
      observed_at: new Date().toISOString(),
      hosts,
      ...extra,
    });
  const versions = async (table: string) =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [org.id]))[0]
      .n as number;

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.5.0.0/16' }), 201);
    expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.5.1.0/24' }), 201);
  });

  const web = {
    hostname: 'web.lan',
    mac: '00:AA:BB:CC:DD:01',
    ip_addresses: [{ ip_address: '10.5.1.10', mac_address: '00:AA:BB:CC:DD:01' }],
    ports: [
      { number: 80, protocol: 'Tcp', type: 'Http' },
      { number: 22, protocol: 'Tcp', type: 'Ssh' },
    ],
    services: [{ name: 'nginx', service_definition: 'Nginx', port: 80 }],
    interfaces: [
      {
        if_index: 1,
        if_name: 'eth0',
        mac_address: '00:aa:bb:cc:dd:01',
        ip_address: '10.5.1.10',
        oper_status: 'Up',
        lldp_sys_name: 'sw1',
      },
    ],
  };

  it('creates Discovery hosts with their children, observation times and discovery ids', async () => {
    const discoveryId = randomUUID();
    const observedAt = new Date(Date.now() - 60_000).toISOString();
    const result = expectOk(await ingest([web], { discovery_id: discoveryId, observed_at: observedAt }));
    expect(result).toEqual({
      discovery_id: discoveryId,
      hosts_created: 1,
      hosts_updated: 0,
      host_ids: [expect.any(String)],
      diagnostics: [
        {
          host_id: expect.any(String),
          topic: 'lldp',
          message:
            'LLDP neighbour sw1 on web.lan eth0 matched no known host: host sw1 created from it; far port: unnamed (made from the neighbour data: the host answers no SNMP)',
        },
      ],
    });
    const host = expectOk(await as().get(`/api/v1/hosts/${result.host_ids[0]}`));
    expect(host).toMatchObject({
      name: 'web.lan',
      hostname: 'web.lan',
      source: { type: 'Discovery' },
      last_seen_at: observedAt,
      first_discovery_id: discoveryId,
      last_discovery_id: discoveryId,
    });
    expect(host.ip_addresses).toMatchObject([
      { ip_address: '10.5.1.10', mac_address: '00:aa:bb:cc:dd:01', last_seen_at: observedAt },
    ]);
    const subnets = expectOk(await as().get(`/api/v1/subnets?network_id=${net}`));
    expect(host.ip_addresses[0].subnet_id).toBe(subnets.find((s: { cidr: string }) => s.cidr === '10.5.1.0/24').id);
    expect(host.ports.map((p: { number: number }) => p.number)).toEqual([22, 80]);
    const port80 = host.ports.find((p: { number: number }) => p.number === 80);
    expect(host.services).toMatchObject([
      {
        name: 'nginx',
        source: { type: 'Discovery' },
        bindings: [{ type: 'Port', port_id: port80.id, ip_address_id: host.ip_addresses[0].id }],
      },
    ]);
    // The neighbour matches no host: it becomes one, named by its sysName, and both ends point at each other.
    const sw1 = expectOk(await as().get(`/api/v1/hosts/${result.diagnostics[0].host_id}`));
    expect(sw1).toMatchObject({ name: 'sw1', source: { type: 'Discovery' }, ip_addresses: [] });
    expect(host.interfaces).toMatchObject([
      {
        if_index: 1,
        if_name: 'eth0',
        ip_address_id: host.ip_addresses[0].id,
        lldp_sys_name: 'sw1',
        neighbor: { host_id: sw1.id, interface_id: sw1.interfaces[0].id, provenance: 'lldp' },
      },
    ]);
    expect(sw1.interfaces).toMatchObject([
      { if_index: 0, neighbor: { host_id: host.id, interface_id: host.interfaces[0].id, provenance: 'lldp' } },
    ]);
  });

  it('seeing the same thing again moves last_seen_at but writes no version', async () => {
    const first = expectOk(await ingest([web]));
    const counts = await Promise.all(
      ['hosts', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'].map(versions),
    );
    const secondId = randomUUID();
    const again = expectOk(await ingest([web], { discovery_id: secondId }));
    expect(again).toMatchObject({ hosts_created: 0, hosts_updated: 1, host_ids: first.host_ids });
    expect(
      await Promise.all(['hosts', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'].map(versions)),
    ).toEqual(counts);
    const host = expectOk(await as().get(`/api/v1/hosts/${first.host_ids[0]}`));
    expect(host).toMatchObject({ first_discovery_id: first.discovery_id, last_discovery_id: secondId });
    expect(host.ports.every((p: { last_discovery_id: string }) => p.last_discovery_id === secondId)).toBe(true);
  });

  it('matches by MAC first (a new IP), then by IP (no MAC); a port gone is closed as a version', async () => {
    const [hostId] = expectOk(await ingest([web])).host_ids;
    const moved = {
      ...web,
      ip_addresses: [{ ip_address: '10.5.1.11', mac_address: '00:aa:bb:cc:dd:01' }],
      ports: [web.ports[0]],
    };
    expect(expectOk(await ingest([moved])).host_ids).toEqual([hostId]);
    const host = expectOk(await as().get(`/api/v1/hosts/${hostId}`));
    expect(host.ip_addresses.map((i: { ip_address: string }) => i.ip_address)).toEqual(['10.5.1.11']);
    expect(host.ports.map((p: { number: number }) => p.number)).toEqual([80]);
    const closedPorts = await ctx.t.dataSource.query(
      `SELECT number FROM ports WHERE host_id = $1 AND valid_to IS NOT NULL`,
      [hostId],
    );
    expect(closedPorts).toEqual([{ number: 22 }]);

    const byIp = expectOk(await ingest([{ hostname: 'renamed', ip_addresses: [{ ip_address: '10.5.1.11' }] }]));
    expect(byIp).toMatchObject({ hosts_created: 0, host_ids: [hostId] });
    const renamed = expectOk(await as().get(`/api/v1/hosts/${hostId}`));
    expect(renamed).toMatchObject({ hostname: 'renamed', name: 'web.lan' });
    expect(renamed.ip_addresses[0].mac_address).toBe('00:aa:bb:cc:dd:01');
    expect(renamed.ports).toHaveLength(1);
  });

  it('refuses addresses outside the network subnets and future observations, writing nothing', async () => {
    const outside = await ingest([web, { ip_addresses: [{ ip_address: '192.168.9.9' }] }]);
    expect(expectError(outside, 400, 'validation_failed').params.errors).toEqual([
      expect.objectContaining({ field: 'hosts[1].ip_addresses[0].ip_address', rule: 'in_subnet' }),
    ]);
    const future = await ingest([web], { observed_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(expectError(future, 400, 'validation_failed').params.errors[0]).toMatchObject({ field: 'observed_at' });
    expect(await versions('hosts')).toBe(0);
    expectError(await ingest([{ ip_addresses: [{ ip_address: 'nope' }] }]), 400, 'validation_failed');
  });

  it('places VMs and containers on the host whose address they name, in the batch or already known', async () => {
    const host = (name: string, ip: string, virtualization?: object) => ({
      hostname: `${name}.lan`,
      ip_addresses: [{ ip_address: ip }],
      ...(virtualization && { virtualization }),
    });
    // a guest may come before its hypervisor in the batch
    const first = expectOk(
      await ingest([
        host('vm-1', '10.5.1.21', { type: 'Vm', host_ip: '10.5.1.20' }),
        host('esx-1', '10.5.1.20'),
        host('vm-2', '10.5.1.22', { type: 'Vm', host_ip: '10.5.1.20' }),
      ]),
    );
    const [vm1, esx, vm2] = first.host_ids as string[];
    const virtualizationOf = async (id: string) => expectOk(await as().get(`/api/v1/hosts/${id}`)).virtualization;
    expect(await virtualizationOf(vm1)).toMatchObject({ type: 'Vm', host_id: esx });
    expect(await virtualizationOf(vm2)).toMatchObject({ type: 'Vm', host_id: esx });
    expect(await virtualizationOf(esx)).toBeNull();

    // later: a container on the known hypervisor, and vm-1 seen again without a word on it keeps its place
    const later = expectOk(
      await ingest([host('ct-1', '10.5.1.30', { type: 'Container', host_ip: '10.5.1.20' }), host('vm-1', '10.5.1.21')]),
    );
    expect(await virtualizationOf(later.host_ids[0])).toMatchObject({ type: 'Container', host_id: esx });
    expect(await virtualizationOf(vm1)).toMatchObject({ type: 'Vm', host_id: esx });

    const workloads = expectOk(await as().get(`/api/v1/topology?network_id=${net}&view=Workloads`));
    const shape = Object.fromEntries(
      workloads.nodes.map((n: { id: string; kind: string; parent?: string }) => [n.id, [n.kind, n.parent ?? null]]),
    );
    expect(shape).toEqual({
      [esx]: ['hypervisor', null],
      [vm1]: ['vm', esx],
      [vm2]: ['vm', esx],
      [later.host_ids[0]]: ['container', esx],
    });
  });

  it('refuses a guest on an address no host has, or on its own, writing nothing', async () => {
    const before = await versions('hosts');
    const unknown = await ingest([
      { ip_addresses: [{ ip_address: '10.5.1.40' }], virtualization: { type: 'Vm', host_ip: '10.5.1.99' } },
    ]);
    expect(expectError(unknown, 400, 'validation_failed').params.errors).toEqual([
      expect.objectContaining({ field: 'hosts[0].virtualization.host_ip', rule: 'observed' }),
    ]);
    const itself = await ingest([
      { ip_addresses: [{ ip_address: '10.5.1.41' }], virtualization: { type: 'Vm', host_ip: '10.5.1.41' } },
    ]);
    expect(expectError(itself, 400, 'validation_failed').params.errors[0].message).toMatch(/cannot run on itself/);
    const badType = await ingest([
      { ip_addresses: [{ ip_address: '10.5.1.42' }], virtualization: { type: 'Jail', host_ip: '10.5.1.20' } },
    ]);
    expect(expectError(badType, 400, 'validation_failed').params.errors[0].field).toBe('hosts.0.virtualization.type');
    expect(await versions('hosts')).toBe(before);
  });

  it('stays inside the caller reach: another organization network 404, Viewer 403', async () => {
    const other = await registerOrg(ctx.http);
    const reply = await ctx.http
      .as(other.owner.session)
      .post('/api/v1/discovery/observations', { network_id: net, observed_at: new Date().toISOString(), hosts: [web] });
    expectError(reply, 404, 'entity_not_found');
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [net]);
    expectError(
      await ctx.http
        .as(viewer.session)
        .post('/api/v1/discovery/observations', { network_id: net, observed_at: new Date().toISOString(), hosts: [] }),
      403,
      'auth_permission_denied',
    );
    expect(await versions('hosts')).toBe(0);
  });

  it('makes long-unseen hosts stale by their network window', async () => {
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
    const { host_ids, diagnostics } = expectOk(await ingest([web], { observed_at: old }));
    const stale = expectOk(await as().get(`/api/v1/hosts?stale=true`)).map((h: { id: string }) => h.id);
    // web and the LLDP neighbour it reported were both last seen then
    expect(stale.sort()).toEqual([host_ids[0], diagnostics[0].host_id].sort());
    expectOk(await as().put(`/api/v1/networks/${net}`, { name: 'n', stale_after_hours: 24 * 31 }));
    expect(expectOk(await as().get(`/api/v1/hosts?stale=true`))).toEqual([]);
  });

  it('resolves LLDP neighbors to hosts and interfaces known in the batch or the network', async () => {
    const sw = {
      hostname: 'sw1',
      mac: '00:aa:00:00:00:01',
      ip_addresses: [{ ip_address: '10.5.1.1', mac_address: '00:aa:00:00:00:01' }],
      interfaces: [
        { if_index: 1, if_name: 'ge-0/0/1', mac_address: '00:aa:00:00:01:01' },
        { if_index: 2, if_name: 'ge-0/0/2', mac_address: '00:aa:00:00:01:02' },
      ],
    };
    const server = {
      hostname: 'srv',
      ip_addresses: [{ ip_address: '10.5.1.20', mac_address: '00:bb:00:00:00:01' }],
      interfaces: [{ if_index: 1, if_name: 'eth0', lldp_chassis_id: '00:AA:00:00:00:01', lldp_port_id: 'ge-0/0/2' }],
    };
    const [swId, srvId] = expectOk(await ingest([sw, server])).host_ids;
    const switchHost = expectOk(await as().get(`/api/v1/hosts/${swId}`));
    const srv = expectOk(await as().get(`/api/v1/hosts/${srvId}`));
    expect(srv.interfaces[0].neighbor).toEqual({
      host_id: swId,
      interface_id: switchHost.interfaces[1].id,
      provenance: 'lldp',
    });

    const before = await versions('interfaces');
    expectOk(await ingest([server]));
    expect(await versions('interfaces')).toBe(before);
    const byAddress = {
      ...server,
      interfaces: [{ if_index: 1, if_name: 'eth0', lldp_mgmt_addr: '10.5.1.1', lldp_port_id: '1' }],
    };
    expectOk(await ingest([byAddress]));
    const moved = expectOk(await as().get(`/api/v1/hosts/${srvId}`));
    expect(moved.interfaces[0].neighbor).toEqual({
      host_id: swId,
      interface_id: switchHost.interfaces[0].id,
      provenance: 'lldp',
    });
    expect(await versions('interfaces')).toBe(before + 1);
  });

  it('links a host to the switch port that learnt its MAC (fdb), not to one facing another switch', async () => {
    const station = { ip_addresses: [{ ip_address: '10.5.1.30', mac_address: '02:00:00:00:00:30' }] };
    const sw = {
      name: 'access-sw',
      ip_addresses: [{ ip_address: '10.5.1.2' }],
      interfaces: [
        {
          if_index: 1,
          if_name: 'uplink',
          lldp_sys_name: 'core',
          neighbor_capabilities: ['Bridge', 'Router'],
          learned: [{ mac_address: '02:00:00:00:00:30', via: 'fdb' }],
        },
        { if_index: 7, if_name: 'port7', learned: [{ mac_address: '02:00:00:00:00:30', via: 'fdb' }] },
      ],
    };
    const result = expectOk(await ingest([sw, station]));
    const [swId, stationId] = result.host_ids;
    const switchHost = expectOk(await as().get(`/api/v1/hosts/${swId}`));
    const port7 = switchHost.interfaces.find((i: { if_name: string }) => i.if_name === 'port7');
    const host = expectOk(await as().get(`/api/v1/hosts/${stationId}`));
    expect(host.interfaces).toMatchObject([
      { mac_address: '02:00:00:00:00:30', neighbor: { host_id: swId, interface_id: port7.id, provenance: 'fdb' } },
    ]);
    expect(port7.neighbor).toEqual({ host_id: stationId, interface_id: host.interfaces[0].id, provenance: 'fdb' });
    expect(result.diagnostics.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([
        'MACs learnt on access-sw uplink not used: it leads to another switch',
        'MAC 02:00:00:00:00:30 of 10.5.1.30 learnt on access-sw port7, an edge port: linked',
      ]),
    );
    // a neighbour read from the API saves back, provenance and all
    const [eth] = host.interfaces;
    const saved = expectOk(
      await as().put(`/api/v1/hosts/${stationId}`, {
        network_id: net,
        name: host.name,
        ip_addresses: host.ip_addresses.map((ip: Record<string, unknown>) =>
          pick(ip, ['id', 'subnet_id', 'ip_address', 'mac_address']),
        ),
        interfaces: [pick(eth, ['id', 'if_name', 'mac_address', 'neighbor'])],
      }),
    );
    expect(saved.interfaces[0].neighbor).toEqual(eth.neighbor);
  });

  it('refuses learnt addresses that are not MACs or come from elsewhere, writing nothing', async () => {
    const bad = (learned: object) => ({ ...web, interfaces: [{ if_index: 1, learned: [learned] }] });
    for (const [learned, field] of [
      [{ mac_address: 'not-a-mac', via: 'fdb' }, 'hosts.0.interfaces.0.learned.0.mac_address'],
      [{ mac_address: '02:00:00:00:00:30', via: 'lldp' }, 'hosts.0.interfaces.0.learned.0.via'],
    ] as const) {
      const reply = await ingest([bad(learned)]);
      expectError(reply, 400, 'validation_failed');
      expect(reply.body.params.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect(await versions('hosts')).toBe(0);
  });

  it('takes 1,000 hosts with 10 children each in one request', async () => {
    const hosts = Array.from({ length: 1000 }, (_, i) => ({
      hostname: `h${i}`,
      ip_addresses: [
        {
          ip_address: `10.5.${2 + Math.floor(i / 250)}.${i % 250}`,
          mac_address: `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
        },
      ],
      ports: [22, 80, 443, 8080].map((number) => ({ number, protocol: 'Tcp' })),
      services: [
        { name: 'ssh', service_definition: 'Ssh', port: 22 },
        { name: 'web', service_definition: 'Http', port: 80 },
      ],
      interfaces: [{ if_index: 1, if_name: 'eth0' }],
    }));
    const result = expectOk(await ingest(hosts));
    expect(result.hosts_created).toBe(1000);
    expect(await versions('ports')).toBe(4000);
    expect(await versions('bindings')).toBe(2000);
    const again = expectOk(await ingest(hosts));
    expect(again).toMatchObject({ hosts_created: 0, hosts_updated: 1000 });
    expect(await versions('ports')).toBe(4000);
  });
});
