import { rack, SERVERS_PER_SWITCH, subnetCount } from '../../scripts/seed-data';
import { expectError, expectOk } from '../support/http';
import { addHost, addSubnet } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

interface Node {
  id: string;
  kind: string;
  label: string;
  parent?: string;
  data: Record<string, unknown>;
}
interface Edge {
  id: string;
  source: string;
  target: string;
  kind: string;
  data: Record<string, unknown>;
}
interface Topology {
  nodes: Node[];
  edges: Edge[];
  positions: Record<string, { x: number; y: number }>;
}

const RACKS = 7;
const HOSTS = RACKS * (SERVERS_PER_SWITCH + 1); // 336: over the threshold of 300 in every view

/** GET /api/v1/topology?group=auto over a network of 7 racks (a switch and 47 servers each, LLDP links). */
describe('GET /api/v1/topology?group=auto&expand=', () => {
  const ctx = useTestApp();
  // One big network, seeded once: every test here only reads it (positions tests use their own tenant).
  const big = {} as { owner: { cookie?: string }; net: string; subnets: string[]; switches: Map<string, string> };

  beforeAll(async () => {
    const org = await registerOrg(ctx.http);
    big.owner = org.owner.session;
    big.net = await addNetwork(ctx.http, org.owner.session);
    big.subnets = [];
    for (let s = 0; s < subnetCount(HOSTS); s++)
      big.subnets.push(await addSubnet(ctx.http, org.owner.session, big.net, `10.42.${s}.0/24`));
    const hosts = Array.from({ length: RACKS }, (_, r) => rack(r * 48, 48)).flat();
    const ingested = expectOk(
      await ctx.http.as(org.owner.session).post('/api/v1/discovery/observations', {
        network_id: big.net,
        observed_at: new Date().toISOString(),
        hosts,
      }),
    );
    expect(ingested.hosts_created).toBe(HOSTS);
    big.switches = new Map(
      (ingested.host_ids as string[]).flatMap((id, i) => (i % 48 === 0 ? [[`sw-${i}`, id] as const] : [])),
    );
  }, 120_000);

  const get = async (query: string, who = big.owner): Promise<Topology> =>
    expectOk(await ctx.http.as(who).get(`/api/v1/topology?network_id=${big.net}&${query}`));
  const groups = (t: Topology) => t.nodes.filter((n) => n.kind === 'group');

  it('L2Physical: the servers of each switch collapse into one group attached to it by one aggregate edge', async () => {
    const plain = await get('view=L2Physical');
    expect(plain.nodes.length).toBe(HOSTS + RACKS * 48 + RACKS * 47);
    const graph = await get('view=L2Physical&group=auto');
    expect(graph.nodes.length).toBe(2 * RACKS);
    const sw0 = big.switches.get('sw-0')!;
    const group = graph.nodes.find((n) => n.id === `group:attached:${sw0}`);
    expect(group).toEqual({
      id: `group:attached:${sw0}`,
      kind: 'group',
      label: 'sw-0 · 47 hosts',
      // drawn one tier below its switch (a rack's switch alone is its own centre: tier 1)
      data: { group_kind: 'attached', member_count: 47, member_sample: expect.any(Array), tier: 2 },
    });
    expect(group!.data.member_sample).toHaveLength(5);
    expect(groups(graph)).toHaveLength(RACKS);
    // Switches stay; their ports towards the servers, and their one unused port, fold into the switch.
    expect(
      graph.nodes
        .filter((n) => n.kind === 'host')
        .map((n) => n.id)
        .sort(),
    ).toEqual([...big.switches.values()].sort());
    expect(graph.nodes.filter((n) => n.kind === 'interface')).toEqual([]);
    expect(graph.edges).toHaveLength(RACKS);
    expect(graph.edges.find((e) => [e.source, e.target].includes(sw0))).toEqual({
      id: `aggregate:group:attached:${sw0}:${sw0}`,
      source: `group:attached:${sw0}`,
      target: sw0,
      kind: 'aggregate',
      data: { count: 47, kinds: ['link'] },
    });
  });

  it('expand opens a group: its members, their ports and links are drawn as usual; ids stay stable', async () => {
    const sw0 = big.switches.get('sw-0')!;
    const before = await get('view=L2Physical&group=auto');
    const graph = await get(`view=L2Physical&group=auto&expand=group:attached:${sw0}`);
    expect(
      groups(graph)
        .map((g) => g.id)
        .sort(),
    ).toEqual(
      groups(before)
        .map((g) => g.id)
        .filter((id) => id !== `group:attached:${sw0}`)
        .sort(),
    );
    const members = graph.nodes.filter((n) => n.data.expanded_group === `group:attached:${sw0}`);
    expect(members).toHaveLength(47);
    expect(members.every((m) => m.kind === 'host' && m.label.includes('-'))).toBe(true);
    expect(graph.edges.filter((e) => e.kind === 'link')).toHaveLength(47);
    // The open switch's ports towards its servers and the servers' own; unused ports stay folded.
    expect(graph.nodes.filter((n) => n.kind === 'interface')).toHaveLength(47 + 47);
    // Repeated and comma-separated expand alike; unknown ids are ignored.
    const sw1 = big.switches.get('sw-48')!;
    const two = await get(`view=L2Physical&group=auto&expand=group:attached:${sw0}&expand=group:attached:${sw1}`);
    const comma = await get(`view=L2Physical&group=auto&expand=group:attached:${sw0},group:attached:${sw1},nope`);
    expect(groups(two)).toHaveLength(RACKS - 2);
    expect(comma).toEqual(two);
  });

  it('L3Logical: the hosts of a subnet collapse into a group inside the subnet', async () => {
    const graph = await get('view=L3Logical&group=auto');
    expect(graph.nodes.map((n) => [n.id, n.kind, n.label, n.parent ?? null])).toEqual([
      [big.subnets[0], 'subnet', '10.42.0.0/24', null],
      [big.subnets[1], 'subnet', '10.42.1.0/24', null],
      [`group:subnet:${big.subnets[0]}`, 'group', '10.42.0.0/24 · 250 hosts', big.subnets[0]],
      [`group:subnet:${big.subnets[1]}`, 'group', `10.42.1.0/24 · ${HOSTS - 250} hosts`, big.subnets[1]],
    ]);
    const opened = await get(`view=L3Logical&group=auto&expand=group:subnet:${big.subnets[1]}`);
    expect(opened.nodes.filter((n) => n.kind === 'host' && n.parent === big.subnets[1])).toHaveLength(HOSTS - 250);
    expect(groups(opened).map((g) => g.id)).toEqual([`group:subnet:${big.subnets[0]}`]);
  });

  it('Workloads: hosts without a hypervisor group by subnet', async () => {
    const graph = await get('view=Workloads&group=auto');
    expect(groups(graph).map((g) => [g.id, g.data.member_count])).toEqual([
      [`group:subnet:${big.subnets[0]}`, 250],
      [`group:subnet:${big.subnets[1]}`, HOSTS - 250],
    ]);
  });

  it('Application: services by host, then by subnet while still over the threshold', async () => {
    const plain = await get('view=Application');
    expect(plain.nodes.length).toBeGreaterThan(300);
    const graph = await get('view=Application&group=auto');
    expect(graph.nodes.map((n) => n.id)).toEqual([`group:subnet:${big.subnets[0]}`, `group:subnet:${big.subnets[1]}`]);
    expect(graph.nodes.reduce((sum, n) => sum + (n.data.member_count as number), 0)).toBe(plain.nodes.length);
    expect(graph.nodes[0].label).toMatch(/^10\.42\.0\.0\/24 · \d+ services$/);
    // Opening a subnet shows the services of each of its hosts as a group of the host.
    const opened = await get(`view=Application&group=auto&expand=group:subnet:${big.subnets[1]}`);
    const hostGroups = groups(opened).filter((g) => g.data.group_kind === 'host');
    expect(hostGroups.length).toBeGreaterThan(0);
    expect(hostGroups[0].id).toMatch(/^group:services:[0-9a-f-]{36}$/);
    expect(hostGroups[0].data.expanded_group).toBeUndefined();
  });

  it('without group=auto nothing changes: expand alone is ignored', async () => {
    for (const view of ['L2Physical', 'L3Logical', 'Workloads', 'Application']) {
      const plain = await get(`view=${view}`);
      expect(groups(plain)).toEqual([]);
      expect(plain.edges.filter((e) => e.kind === 'aggregate')).toEqual([]);
      expect(await get(`view=${view}&expand=group:subnet:${big.subnets[0]}`)).toEqual(plain);
    }
  });

  it('a network under the threshold is the same with group=auto', async () => {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.1.0.0/24');
    for (let i = 0; i < 3; i++)
      await addHost(ctx.http, org.owner.session, net, {
        ip_addresses: [{ subnet_id: subnet, ip_address: `10.1.0.${i + 1}` }],
      });
    const as = ctx.http.as(org.owner.session);
    for (const view of ['L2Physical', 'L3Logical', 'Workloads', 'Application']) {
      const plain = expectOk(await as.get(`/api/v1/topology?network_id=${net}&view=${view}`));
      expect(expectOk(await as.get(`/api/v1/topology?network_id=${net}&view=${view}&group=auto`))).toEqual(plain);
    }
  });

  it('saves positions of group nodes like any other node', async () => {
    const id = `group:subnet:${big.subnets[0]}`;
    const saved = expectOk(
      await ctx.http.as(big.owner).put('/api/v1/topology/positions', {
        network_id: big.net,
        view: 'L3Logical',
        positions: { [id]: { x: 4, y: 2 } },
      }),
    );
    expect(saved.positions).toEqual({ [id]: { x: 4, y: 2 } });
    expect((await get('view=L3Logical&group=auto')).positions).toEqual({ [id]: { x: 4, y: 2 } });
    expectOk(await ctx.http.as(big.owner).delete(`/api/v1/topology/positions?network_id=${big.net}&view=L3Logical`));
  });

  it('validates group and expand, and keeps to the caller reach', async () => {
    const as = ctx.http.as(big.owner);
    const base = `/api/v1/topology?network_id=${big.net}&view=L2Physical`;
    expectError(await as.get(`${base}&group=manual`), 400, 'validation_failed');
    expectError(await as.get(`${base}&group=auto&expand=${'x'.repeat(256)}`), 400, 'validation_failed');
    const other = await registerOrg(ctx.http);
    expectError(await ctx.http.as(other.owner.session).get(`${base}&group=auto`), 404, 'entity_not_found');
  });
});
