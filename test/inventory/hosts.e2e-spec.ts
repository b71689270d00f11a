import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

describe('hosts: writes, validation, versions', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  let subnet: string;
  const as = () => ctx.http.as(org.owner.session);

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    subnet = expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.1.0.0/24' }), 201).id;
  });

  const fullBody = (
    ids = { ip: randomUUID(), port: randomUUID(), service: randomUUID(), binding: randomUUID(), iface: randomUUID() },
  ) => ({
    network_id: net,
    name: 'web-01',
    hostname: 'web-01.lan',
    description: 'front',
    ip_addresses: [
      { id: ids.ip, subnet_id: subnet, ip_address: '10.1.0.10', mac_address: 'AA:BB:CC:00:11:22', name: 'primary' },
    ],
    ports: [{ id: ids.port, number: 443, protocol: 'Tcp', type: 'Https' }],
    services: [
      {
        id: ids.service,
        name: 'nginx',
        service_definition: 'Nginx',
        bindings: [{ id: ids.binding, type: 'Port', ip_address_id: ids.ip, port_id: ids.port }],
      },
    ],
    interfaces: [
      {
        id: ids.iface,
        if_index: 2,
        if_name: 'eth0',
        if_type: 6,
        speed_bps: 1_000_000_000,
        admin_status: 'Up',
        oper_status: 'Up',
        ip_address_id: ids.ip,
        lldp_sys_name: 'core-sw',
      },
    ],
  });

  const rows = async (table: string, hostId: string) => {
    const where = table === 'hosts' ? 'id = $1 OR lineage_id = $1' : 'host_id = $1';
    return (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [hostId]))[0]
      .n as number;
  };

  it('creates a host with every kind of child and returns the spec shape', async () => {
    const ids = {
      ip: randomUUID(),
      port: randomUUID(),
      service: randomUUID(),
      binding: randomUUID(),
      iface: randomUUID(),
    };
    const host = expectOk(await as().post('/api/v1/hosts', fullBody(ids)), 201);
    const live = {
      valid_to: null,
      lineage_id: null,
      first_discovery_id: null,
      last_discovery_id: null,
    };
    expect(host).toMatchObject({
      network_id: net,
      name: 'web-01',
      hostname: 'web-01.lan',
      description: 'front',
      hidden: false,
      source: { type: 'Manual' },
      virtualization: null,
      tags: [],
      credential_assignments: [],
      ip_addresses: [
        {
          id: ids.ip,
          host_id: host.id,
          network_id: net,
          subnet_id: subnet,
          ip_address: '10.1.0.10',
          mac_address: 'aa:bb:cc:00:11:22',
          name: 'primary',
          position: 0,
          ...live,
        },
      ],
      ports: [
        { id: ids.port, host_id: host.id, network_id: net, number: 443, protocol: 'Tcp', type: 'Https', ...live },
      ],
      services: [
        {
          id: ids.service,
          host_id: host.id,
          name: 'nginx',
          service_definition: 'Nginx',
          source: { type: 'Manual' },
          bindings: [
            {
              id: ids.binding,
              service_id: ids.service,
              network_id: net,
              ip_address_id: ids.ip,
              port_id: ids.port,
              type: 'Port',
              ...live,
            },
          ],
        },
      ],
      interfaces: [
        {
          id: ids.iface,
          host_id: host.id,
          if_index: 2,
          if_name: 'eth0',
          speed_bps: 1_000_000_000,
          admin_status: 'Up',
          oper_status: 'Up',
          ip_address_id: ids.ip,
          lldp_sys_name: 'core-sw',
          neighbor: null,
          cdp_address: null,
        },
      ],
    });
    for (const field of ['created_at', 'updated_at', 'valid_from']) expect(typeof host[field]).toBe('string');
    expect(expectOk(await as().get(`/api/v1/hosts/${host.id}`))).toEqual(host);
    expect(expectOk(await as().get('/api/v1/organizations')).onboarding).toContain('FirstHostCreated');
  });

  it('PUT replaces the child sets: matched ids update, missing close, new insert; an unchanged PUT writes nothing', async () => {
    const ids = {
      ip: randomUUID(),
      port: randomUUID(),
      service: randomUUID(),
      binding: randomUUID(),
      iface: randomUUID(),
    };
    const body = fullBody(ids);
    const host = expectOk(await as().post('/api/v1/hosts', body), 201);
    const before = await Promise.all(
      ['hosts', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'].map((t) => rows(t, host.id)),
    );
    expectOk(await as().put(`/api/v1/hosts/${host.id}`, body));
    expect(
      await Promise.all(
        ['hosts', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'].map((t) => rows(t, host.id)),
      ),
    ).toEqual(before);

    const newPort = randomUUID();
    const changed = {
      ...body,
      ports: [
        { id: ids.port, number: 8443, protocol: 'Tcp', type: 'Https' },
        { id: newPort, number: 22, protocol: 'Tcp', type: 'Ssh' },
      ],
      services: [],
    };
    const updated = expectOk(await as().put(`/api/v1/hosts/${host.id}`, changed));
    expect(updated.ports.map((p: { id: string; number: number }) => [p.id, p.number])).toEqual([
      [newPort, 22],
      [ids.port, 8443],
    ]);
    expect(updated.services).toEqual([]);
    const history = await ctx.t.dataSource.query(
      `SELECT number, valid_to IS NOT NULL AS closed, lineage_id FROM ports WHERE lineage_id = $1`,
      [ids.port],
    );
    expect(history).toEqual([{ number: 443, closed: true, lineage_id: ids.port }]);
    const closed = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM services WHERE id = $1 AND valid_to IS NOT NULL`,
      [ids.service],
    );
    expect(closed).toEqual([{ n: 1 }]);
  });

  it('checks every reference: subnets, IPs in range, bindings and interfaces on the same host, neighbors, tags', async () => {
    const other = await registerOrg(ctx.http);
    const otherNet = await addNetwork(ctx.http, other.owner.session);
    const otherSubnet = expectOk(
      await ctx.http.as(other.owner.session).post('/api/v1/subnets', { network_id: otherNet, cidr: '10.1.0.0/24' }),
      201,
    ).id;
    const otherHost = expectOk(
      await ctx.http.as(other.owner.session).post('/api/v1/hosts', { network_id: otherNet, name: 'theirs' }),
      201,
    ).id;
    const otherTag = expectOk(await ctx.http.as(other.owner.session).post('/api/v1/tags', { name: 'theirs' }), 201).id;
    const secondNet = await addNetwork(ctx.http, org.owner.session);
    const secondSubnet = expectOk(
      await as().post('/api/v1/subnets', { network_id: secondNet, cidr: '10.2.0.0/24' }),
      201,
    ).id;

    const fields = async (body: object, status = 400, code = 'validation_failed') =>
      (
        expectError(await as().post('/api/v1/hosts', { network_id: net, name: 'h', ...body }), status, code).params
          .errors ?? []
      ).map((e: { field: string }) => e.field);

    expect(await fields({ ip_addresses: [{ subnet_id: otherSubnet, ip_address: '10.1.0.1' }] })).toEqual([
      'ip_addresses[0].subnet_id',
    ]);
    expect(await fields({ ip_addresses: [{ subnet_id: secondSubnet, ip_address: '10.2.0.1' }] })).toEqual([
      'ip_addresses[0].subnet_id',
    ]);
    expect(await fields({ ip_addresses: [{ subnet_id: subnet, ip_address: '10.9.0.1' }] })).toEqual([
      'ip_addresses[0].ip_address',
    ]);
    expect(await fields({ ip_addresses: [{ subnet_id: subnet, ip_address: 'not-an-ip' }] })).toEqual([
      'ip_addresses.0.ip_address',
    ]);
    const foreignIp = randomUUID();
    expect(
      await fields({
        ports: [{ number: 80, protocol: 'Tcp', type: 'Http' }],
        services: [{ name: 's', service_definition: 'Http', bindings: [{ type: 'Port', ip_address_id: foreignIp }] }],
      }),
    ).toEqual(['services[0].bindings[0].ip_address_id', 'services[0].bindings[0].port_id']);
    expect(await fields({ interfaces: [{ neighbor: { host_id: otherHost, interface_id: randomUUID() } }] })).toEqual([
      'interfaces[0].neighbor.host_id',
      'interfaces[0].neighbor.interface_id',
    ]);
    expect(await fields({ virtualization: { type: 'Vm', host_id: otherHost } })).toEqual(['virtualization.host_id']);
    expect(await fields({ tags: [otherTag] })).toEqual(['tags']);
    expect(
      await fields({ ports: [{ number: 70000, protocol: 'Tcp', type: 'Http' }] }, 400, 'validation_out_of_range'),
    ).toEqual([]);
    expect(await fields({ ports: [{ number: 80, protocol: 'Sctp', type: 'Http' }] })).toEqual(['ports.0.protocol']);
    const hosts = await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM hosts WHERE organization_id = $1`, [
      org.id,
    ]);
    expect(hosts).toEqual([{ n: 0 }]);
  });

  it('a neighbor must be an interface of that host; a valid one is kept', async () => {
    const sw = expectOk(
      await as().post('/api/v1/hosts', {
        network_id: net,
        name: 'switch',
        interfaces: [{ if_index: 1, if_name: 'ge-0/0/1' }],
      }),
      201,
    );
    const swPort = sw.interfaces[0].id;
    const server = expectOk(
      await as().post('/api/v1/hosts', {
        network_id: net,
        name: 'server',
        interfaces: [{ if_name: 'eth0', neighbor: { host_id: sw.id, interface_id: swPort } }],
      }),
      201,
    );
    expect(server.interfaces[0].neighbor).toEqual({ host_id: sw.id, interface_id: swPort });
    const wrong = await as().post('/api/v1/hosts', {
      network_id: net,
      name: 'x',
      interfaces: [{ neighbor: { host_id: sw.id, interface_id: server.interfaces[0].id } }],
    });
    expect(expectError(wrong, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field)).toEqual([
      'interfaces[0].neighbor.interface_id',
    ]);
  });

  it('refuses child ids that belong to another host with 409, and network changes with 400', async () => {
    const first = expectOk(await as().post('/api/v1/hosts', fullBody()), 201);
    const reuse = await as().post('/api/v1/hosts', {
      network_id: net,
      name: 'copy',
      ports: [{ id: first.ports[0].id, number: 1, protocol: 'Tcp', type: 'Custom' }],
    });
    expect(expectError(reuse, 409, 'entity_conflict').params).toEqual({ field: 'id', ids: [first.ports[0].id] });
    const other = await addNetwork(ctx.http, org.owner.session);
    const moved = await as().put(`/api/v1/hosts/${first.id}`, { network_id: other, name: 'web-01' });
    expect(expectError(moved, 400, 'validation_failed').params.errors[0]).toMatchObject({
      field: 'network_id',
      rule: 'immutable',
    });
  });

  it('delete closes the host and its children; as of before, it is still there with the same id; history lists versions newest first', async () => {
    const host = expectOk(await as().post('/api/v1/hosts', fullBody()), 201);
    await new Promise((r) => setTimeout(r, 5));
    expectOk(await as().put(`/api/v1/hosts/${host.id}`, { ...fullBody(), name: 'web-02' }));
    const beforeDelete = new Date();
    await new Promise((r) => setTimeout(r, 5));
    expect(expectOk(await as().delete(`/api/v1/hosts/${host.id}`))).toEqual({});
    expectError(await as().get(`/api/v1/hosts/${host.id}`), 404, 'entity_not_found');
    expectError(await as().put(`/api/v1/hosts/${host.id}`, fullBody()), 404, 'entity_not_found');
    expectError(await as().delete(`/api/v1/hosts/${host.id}`), 404, 'entity_not_found');
    const then = expectOk(await as().get(`/api/v1/hosts/${host.id}?at=${beforeDelete.toISOString()}`));
    expect(then).toMatchObject({ id: host.id, name: 'web-02' });
    expect(then.ports).toHaveLength(1);
    const live = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM ports WHERE host_id = $1 AND valid_to IS NULL`,
      [host.id],
    );
    expect(live).toEqual([{ n: 0 }]);

    const history = expectOk(await as().get(`/api/v1/hosts/${host.id}/history`));
    expect(history.map((v: { name: string; lineage_id: string | null }) => [v.name, v.lineage_id])).toEqual([
      ['web-02', null],
      ['web-01', host.id],
    ]);
    expect(history[0].valid_to).not.toBeNull();
    expect(history[1].valid_to).toBe(history[0].valid_from);
  });

  it('parallel updates of one host lose no write and leave one live row', async () => {
    const host = expectOk(await as().post('/api/v1/hosts', { network_id: net, name: 'v0' }), 201);
    const names = Array.from({ length: 8 }, (_, i) => `v${i + 1}`);
    const replies = await Promise.all(
      names.map((name) => as().put(`/api/v1/hosts/${host.id}`, { network_id: net, name })),
    );
    expect(replies.map((r) => r.status)).toEqual(names.map(() => 200));
    const versions = await ctx.t.dataSource.query(
      `SELECT name, valid_from, valid_to FROM hosts WHERE id = $1 OR lineage_id = $1 ORDER BY valid_from`,
      [host.id],
    );
    expect(versions).toHaveLength(9);
    expect(versions.filter((v: { valid_to: Date | null }) => v.valid_to === null)).toHaveLength(1);
    expect(new Set(versions.map((v: { name: string }) => v.name))).toEqual(new Set(['v0', ...names]));
    for (let i = 1; i < versions.length; i++)
      expect(versions[i].valid_from.getTime()).toBe(versions[i - 1].valid_to.getTime());
  });

  it('another organization or an ungranted network: 404 for reads and writes alike', async () => {
    const host = expectOk(await as().post('/api/v1/hosts', { network_id: net, name: 'mine' }), 201);
    const other = await registerOrg(ctx.http);
    const granted = await addNetwork(ctx.http, org.owner.session);
    const member = await addUser(ctx.http, org.owner.session, 'Member', [granted]);
    for (const caller of [other.owner.session, member.session]) {
      expectError(await ctx.http.as(caller).get(`/api/v1/hosts/${host.id}`), 404, 'entity_not_found');
      expectError(await ctx.http.as(caller).get(`/api/v1/hosts/${host.id}/history`), 404, 'entity_not_found');
      expectError(
        await ctx.http.as(caller).put(`/api/v1/hosts/${host.id}`, { network_id: net, name: 'taken' }),
        404,
        'entity_not_found',
      );
      expectError(await ctx.http.as(caller).delete(`/api/v1/hosts/${host.id}`), 404, 'entity_not_found');
      expectError(
        await ctx.http.as(caller).post('/api/v1/hosts', { network_id: net, name: 'x' }),
        404,
        'entity_not_found',
      );
    }
    expect(expectOk(await as().get(`/api/v1/hosts/${host.id}`)).name).toBe('mine');
  });
});
