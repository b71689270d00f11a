import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

describe('GET /api/v1/topology', () => {
  const ctx = useTestApp();
  const id = () => randomUUID();

  /** A small network: a switch, a hypervisor with a VM, two subnets, services with a dependency. */
  async function seed() {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const as = ctx.http.as(org.owner.session);
    const lan = expectOk(await as.post('/api/v1/subnets', { network_id: net, cidr: '10.0.0.0/24' }), 201).id;
    const mgmt = expectOk(await as.post('/api/v1/subnets', { network_id: net, cidr: '10.9.0.0/24' }), 201).id;
    const ids = {
      swPort1: id(),
      swPort2: id(),
      hvEth: id(),
      hvIp: id(),
      hvMgmt: id(),
      vmIp: id(),
      web: id(),
      db: id(),
      cache: id(),
      pgPort: id(),
      http: id(),
      https: id(),
    };
    const sw = expectOk(
      await as.post('/api/v1/hosts', {
        network_id: net,
        name: 'switch',
        interfaces: [
          { id: ids.swPort1, if_index: 1, if_name: 'ge-1', speed_bps: 1_000_000_000 },
          { id: ids.swPort2, if_index: 2, if_name: 'ge-2', speed_bps: 1_000_000_000 },
        ],
      }),
      201,
    );
    const hv = expectOk(
      await as.post('/api/v1/hosts', {
        network_id: net,
        name: 'hypervisor',
        ip_addresses: [
          { id: ids.hvIp, subnet_id: lan, ip_address: '10.0.0.2' },
          { id: ids.hvMgmt, subnet_id: mgmt, ip_address: '10.9.0.2' },
        ],
        interfaces: [
          {
            id: ids.hvEth,
            if_index: 1,
            if_name: 'eth0',
            speed_bps: 1_000_000_000,
            neighbor: { host_id: sw.id, interface_id: ids.swPort1 },
          },
        ],
        ports: [{ id: ids.pgPort, number: 5432, protocol: 'Tcp', type: 'Postgres' }],
        services: [
          {
            id: ids.db,
            name: 'postgres',
            service_definition: 'Postgres',
            bindings: [{ type: 'Port', ip_address_id: ids.hvIp, port_id: ids.pgPort }],
          },
        ],
      }),
      201,
    );
    // The switch reports the same link back: it must still be one edge.
    expectOk(
      await as.put(`/api/v1/hosts/${sw.id}`, {
        network_id: net,
        name: 'switch',
        interfaces: [
          {
            id: ids.swPort1,
            if_index: 1,
            if_name: 'ge-1',
            speed_bps: 1_000_000_000,
            neighbor: { host_id: hv.id, interface_id: ids.hvEth },
          },
          { id: ids.swPort2, if_index: 2, if_name: 'ge-2', speed_bps: 1_000_000_000 },
        ],
      }),
    );
    const vm = expectOk(
      await as.post('/api/v1/hosts', {
        network_id: net,
        name: 'vm',
        virtualization: { type: 'Vm', host_id: hv.id },
        ip_addresses: [{ id: ids.vmIp, subnet_id: lan, ip_address: '10.0.0.3' }],
        ports: [
          { id: ids.https, number: 443, protocol: 'Tcp', type: 'Https' },
          { id: ids.http, number: 80, protocol: 'Tcp', type: 'Http' },
        ],
        services: [
          {
            id: ids.web,
            name: 'nginx',
            service_definition: 'Nginx',
            bindings: [
              { type: 'Port', ip_address_id: ids.vmIp, port_id: ids.https },
              { type: 'Port', ip_address_id: ids.vmIp, port_id: ids.http },
            ],
          },
          { id: ids.cache, name: 'redis', service_definition: 'Redis' },
        ],
      }),
      201,
    );
    const path = expectOk(
      await as.post('/api/v1/dependencies', {
        name: 'checkout',
        network_id: net,
        color: 'Teal',
        dependency_type: 'RequestPath',
        edge_style: 'Bezier',
        members: { type: 'Services', service_ids: [ids.web, ids.cache, ids.db] },
        tags: [],
      }),
      201,
    );
    const hub = expectOk(
      await as.post('/api/v1/dependencies', {
        name: 'data',
        network_id: net,
        color: 'Red',
        dependency_type: 'HubAndSpoke',
        edge_style: 'Straight',
        members: { type: 'Services', service_ids: [ids.db, ids.web, ids.cache] },
        tags: [],
      }),
      201,
    );
    const router = expectOk(
      await as.post('/api/v1/hosts', {
        network_id: net,
        name: 'edge-rtr',
        device_type: 'Router',
        ip_addresses: [
          { subnet_id: mgmt, ip_address: '10.9.0.1' },
          { subnet_id: lan, ip_address: '10.0.0.1' },
        ],
      }),
      201,
    );
    return { org, net, lan, mgmt, ids, sw, hv, vm, router, path, hub, as };
  }

  const get = async (w: Awaited<ReturnType<typeof seed>>, view: string, at?: Date) =>
    expectOk(await w.as.get(`/api/v1/topology?network_id=${w.net}&view=${view}${at ? `&at=${at.toISOString()}` : ''}`));
  const shape = (graph: {
    nodes: { id: string; kind: string; parent?: string }[];
    edges: { source: string; target: string; kind: string }[];
  }) => ({
    nodes: graph.nodes.map((n) => [n.id, n.kind, n.parent ?? null]).sort(),
    edges: graph.edges.map((e) => [e.source, e.target, e.kind]),
  });

  it('L2Physical: hosts and interfaces, one edge per link reported from both ends', async () => {
    const w = await seed();
    const graph = await get(w, 'L2Physical');
    expect(shape(graph)).toEqual({
      nodes: [
        [w.sw.id, 'host', null],
        [w.hv.id, 'host', null],
        [w.vm.id, 'host', null],
        [w.router.id, 'host', null],
        [w.ids.swPort1, 'interface', w.sw.id],
        [w.ids.swPort2, 'interface', w.sw.id],
        [w.ids.hvEth, 'interface', w.hv.id],
      ].sort(),
      edges: [
        [
          w.ids.hvEth < w.ids.swPort1 ? w.ids.hvEth : w.ids.swPort1,
          w.ids.hvEth < w.ids.swPort1 ? w.ids.swPort1 : w.ids.hvEth,
          'link',
        ],
      ],
    });
    expect(graph.edges[0]).toMatchObject({ data: { speed_bps: 1_000_000_000 } });
  });

  it('L3Logical: subnets contain hosts by their first address; further subnets are edges; routers are gateways', async () => {
    const w = await seed();
    const graph = await get(w, 'L3Logical');
    expect(shape(graph)).toEqual({
      nodes: [
        [w.lan, 'subnet', null],
        [w.mgmt, 'subnet', null],
        [w.sw.id, 'host', null],
        [w.hv.id, 'host', w.lan],
        [w.vm.id, 'host', w.lan],
        [w.router.id, 'host', w.mgmt],
      ].sort(),
      edges: [
        [w.hv.id, w.mgmt, 'address'],
        [w.router.id, w.lan, 'address'],
      ],
    });
    // the router routes between its subnets; a hypervisor with a management address does not
    const gateways = graph.nodes.filter((n: { data: { gateway?: boolean } }) => n.data.gateway === true);
    expect(gateways.map((n: { id: string }) => n.id)).toEqual([w.router.id]);
  });

  it('Workloads: the hypervisor contains its VM', async () => {
    const w = await seed();
    expect(shape(await get(w, 'Workloads'))).toEqual({
      nodes: [
        [w.sw.id, 'host', null],
        [w.hv.id, 'hypervisor', null],
        [w.vm.id, 'vm', w.hv.id],
        [w.router.id, 'host', null],
      ].sort(),
      edges: [],
    });
  });

  it('Application: services, a request path as a chain in order, hub and spoke from the hub', async () => {
    const w = await seed();
    const graph = await get(w, 'Application');
    expect(shape(graph)).toEqual({
      nodes: [
        [w.ids.db, 'service', null],
        [w.ids.web, 'service', null],
        [w.ids.cache, 'service', null],
      ].sort(),
      edges: [
        [w.ids.web, w.ids.cache, 'dependency'],
        [w.ids.cache, w.ids.db, 'dependency'],
        [w.ids.db, w.ids.web, 'dependency'],
        [w.ids.db, w.ids.cache, 'dependency'],
      ],
    });
    // Each service where it answers, host:port, then what it is; a service bound to no port by its host.
    const labels = Object.fromEntries(graph.nodes.map((n: { id: string; label: string }) => [n.id, n.label]));
    expect(labels).toEqual({
      [w.ids.db]: 'hypervisor:5432 (postgres)',
      [w.ids.web]: 'vm:80,443 (nginx)',
      [w.ids.cache]: 'vm (redis)',
    });
    expect(graph.nodes.find((n: { id: string }) => n.id === w.ids.web).data).toMatchObject({
      host_id: w.vm.id,
      name: 'nginx',
      endpoint: 'vm:80,443',
      service_definition: 'Nginx',
    });
    expect(graph.edges[0]).toMatchObject({
      label: 'checkout',
      data: { color: 'Teal', edge_style: 'Bezier', dependency_type: 'RequestPath', order: 0 },
    });
    expect(graph.edges[2]).toMatchObject({
      label: 'data',
      data: { color: 'Red', edge_style: 'Straight', dependency_type: 'HubAndSpoke' },
    });
  });

  it('works as of an instant', async () => {
    const w = await seed();
    const before = new Date();
    await new Promise((r) => setTimeout(r, 5));
    expectOk(await w.as.delete(`/api/v1/hosts/${w.vm.id}`));
    const now = shape(await get(w, 'Workloads'));
    expect(now.nodes.map((n) => n[0])).not.toContain(w.vm.id);
    expect(shape(await get(w, 'Workloads', before)).nodes).toContainEqual([w.vm.id, 'vm', w.hv.id]);
    const app = await get(w, 'Application');
    expect(app.nodes.map((n: { id: string }) => n.id)).toEqual([w.ids.db]);
    expect(app.edges).toEqual([]);
    expect((await get(w, 'Application', before)).edges).toHaveLength(4);
  });

  it('validates the view and the network, and keeps to the caller reach', async () => {
    const w = await seed();
    expectError(await w.as.get(`/api/v1/topology?network_id=${w.net}&view=Galaxy`), 400, 'validation_failed');
    expectError(await w.as.get(`/api/v1/topology?view=L2Physical`), 400, 'validation_failed');
    const other = await registerOrg(ctx.http);
    expectError(
      await ctx.http.as(other.owner.session).get(`/api/v1/topology?network_id=${w.net}&view=L2Physical`),
      404,
      'entity_not_found',
    );
  });
});
