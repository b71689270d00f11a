import { randomUUID } from 'node:crypto';
import { addHost, addSubnet, type Host, sleep } from '../support/hosts';
import { expectError, expectOk } from '../support/http';
import { GBPS as G, observedHost, observedPort as port } from '../support/observed-hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, type Org, registerOrg } from '../support/tenants';

const host = (n: number, name: string, type: string, ports: object[]) => observedHost('10.7.0', n, name, type, ports);

/** access-2 with its uplink to the core, or (before it was cabled) without. */
const access2 = (cabled: boolean) =>
  host(12, 'access-2', 'Switch', [
    port(1, 'te-1', 10 * G, cabled ? ['core', 1, 'xe-0/0/2'] : undefined),
    port(2, 'ge-1', G),
  ]);

/**
 * pc-1 - access-1 - core - access-2 - pc-2, every link reported over LLDP by the lower end, and an island
 * with no links. access-2's uplink is cabled in a second observation.
 */
const NETWORK = [
  host(1, 'core', 'Router', [port(1, 'xe-0/0/1', 10 * G), port(2, 'xe-0/0/2', 10 * G)]),
  host(11, 'access-1', 'Switch', [port(1, 'te-1', 10 * G, ['core', 1, 'xe-0/0/1']), port(2, 'ge-1', G)]),
  access2(false),
  host(21, 'pc-1', 'Workstation', [port(1, 'eth0', G, ['access-1', 11, 'ge-1'])]),
  host(22, 'pc-2', 'Workstation', [port(1, 'eth0', 100_000_000, ['access-2', 12, 'ge-1'])]),
  host(31, 'island', 'Server', [port(1, 'eth0', G)]),
];

/** GET /api/v1/topology/path (docs/topology.md "Paths"). */
describe('GET /api/v1/topology/path', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  let before: string;
  const ids: Record<string, string> = {};
  const hosts: Record<string, Host> = {};
  const as = () => ctx.http.as(org.owner.session);
  const observe = (batch: object[]) =>
    as().post('/api/v1/discovery/observations', {
      network_id: net,
      observed_at: new Date().toISOString(),
      hosts: batch,
    });
  const path = (from: string, to: string, extra = '', network = net) =>
    as().get(`/api/v1/topology/path?network_id=${network}&from=${from}&to=${to}${extra}`);
  const portId = (name: string, ifName: string) =>
    (hosts[name].interfaces as { id: string; if_name: string }[]).find((i) => i.if_name === ifName)!.id;

  beforeAll(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, '10.7.0.0/24');
    const first = expectOk(await observe(NETWORK));
    NETWORK.forEach((h, i) => (ids[h.name] = first.host_ids[i]));
    await sleep(20);
    before = new Date().toISOString();
    await sleep(20);
    expectOk(await observe([access2(true)]));
    for (const [name, id] of Object.entries(ids)) hosts[name] = expectOk(await as().get(`/api/v1/hosts/${id}`));
  });

  it('walks pc-1 to pc-2 hop by hop: each device and its type, ports in and out, speeds, learnt by LLDP', async () => {
    const answer = expectOk(await path(ids['pc-1'], ids['pc-2']));
    const hop = (name: string, type: string, into: string | null, out: [string, number] | null) => ({
      host_id: ids[name],
      label: name,
      device_type: type,
      in: into && { interface_id: portId(name, into), name: into },
      out: out && { interface_id: portId(name, out[0]), name: out[0], speed_bps: out[1] },
    });
    expect(answer.found).toBe(true);
    expect(answer.hops).toEqual([
      hop('pc-1', 'Workstation', null, ['eth0', G]),
      hop('access-1', 'Switch', 'ge-1', ['te-1', 10 * G]),
      hop('core', 'Router', 'xe-0/0/1', ['xe-0/0/2', 10 * G]),
      hop('access-2', 'Switch', 'te-1', ['ge-1', G]),
      hop('pc-2', 'Workstation', 'eth0', null),
    ]);
    const link = (a: string, b: string) => `link:${[a, b].sort().join(':')}`;
    expect(answer.links).toEqual([
      { id: link(portId('pc-1', 'eth0'), portId('access-1', 'ge-1')), provenance: 'lldp', speed_bps: G },
      { id: link(portId('access-1', 'te-1'), portId('core', 'xe-0/0/1')), provenance: 'lldp', speed_bps: 10 * G },
      { id: link(portId('core', 'xe-0/0/2'), portId('access-2', 'te-1')), provenance: 'lldp', speed_bps: 10 * G },
      { id: link(portId('access-2', 'ge-1'), portId('pc-2', 'eth0')), provenance: 'lldp', speed_bps: 100_000_000 },
    ]);
    // The links are the L2Physical view's edges; the way back is the same path reversed.
    const view = expectOk(await as().get(`/api/v1/topology?network_id=${net}&view=L2Physical`));
    const edges = new Set((view.edges as { id: string }[]).map((e) => e.id));
    expect(answer.links.every((l: { id: string }) => edges.has(l.id))).toBe(true);
    const back = expectOk(await path(ids['pc-2'], ids['pc-1']));
    expect(back.hops.map((h: { label: string }) => h.label)).toEqual(['pc-2', 'access-2', 'core', 'access-1', 'pc-1']);
  });

  it('as of an instant before access-2 was cabled: no path, and why', async () => {
    expect(expectOk(await path(ids['pc-1'], ids['pc-2'], `&at=${encodeURIComponent(before)}`))).toEqual({
      found: false,
      reason: "pc-1 and pc-2 are in different connected parts of the map: pc-1's part has 3 hosts, pc-2's has 2 hosts",
    });
    // Before the network had these hosts at all, they are not found.
    const created = new Date(Date.parse(hosts['pc-1'].created_at) - 1000).toISOString();
    expectError(await path(ids['pc-1'], ids['pc-2'], `&at=${encodeURIComponent(created)}`), 404, 'entity_not_found');
  });

  it('says why there is no path: the same host, a host with no known links', async () => {
    expect(expectOk(await path(ids.core, ids.core))).toEqual({
      found: false,
      reason: 'From and to are the same host (core)',
    });
    expect(expectOk(await path(ids['pc-1'], ids.island))).toEqual({
      found: false,
      reason: 'island has no known links',
    });
  });

  it('keeps tenants and networks apart: 404 entity_not_found for hosts and networks out of reach', async () => {
    const other = await registerOrg(ctx.http);
    const otherNet = await addNetwork(ctx.http, other.owner.session);
    const foreign = await addHost(ctx.http, other.owner.session, otherNet);
    const notFound = (reply: Parameters<typeof expectError>[0], id: string, entity = 'host') =>
      expect(expectError(reply, 404, 'entity_not_found').params).toEqual({ entity, id });
    notFound(await path(ids['pc-1'], foreign.id), foreign.id);
    notFound(await path(foreign.id, ids['pc-1']), foreign.id);
    // The other organization's owner, asking about our hosts on their network or ours.
    const theirs = ctx.http.as(other.owner.session);
    notFound(
      await theirs.get(`/api/v1/topology/path?network_id=${otherNet}&from=${foreign.id}&to=${ids['pc-1']}`),
      ids['pc-1'],
    );
    notFound(
      await theirs.get(`/api/v1/topology/path?network_id=${net}&from=${ids['pc-1']}&to=${ids['pc-2']}`),
      net,
      'network',
    );
    // A host of another network of the same organization, and an id nobody has.
    const second = await addNetwork(ctx.http, org.owner.session);
    const elsewhere = await addHost(ctx.http, org.owner.session, second);
    notFound(await path(ids['pc-1'], elsewhere.id), elsewhere.id);
    const unknown = randomUUID();
    notFound(await path(unknown, ids['pc-1']), unknown);
    // A Viewer granted only the second network does not see the first.
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [second]);
    notFound(
      await ctx.http.as(viewer.session).get(`/api/v1/topology/path?network_id=${net}&from=${ids.core}&to=${ids.core}`),
      net,
      'network',
    );
  });

  it('refuses bad input with 400 validation_failed naming the field', async () => {
    const fields = async (query: string) =>
      (
        expectError(await as().get(`/api/v1/topology/path?${query}`), 400, 'validation_failed').params.errors as {
          field: string;
        }[]
      ).map((e) => e.field);
    const [a, b] = [ids['pc-1'], ids['pc-2']];
    expect(await fields(`network_id=${net}&from=nope&to=${b}`)).toEqual(['from']);
    expect(await fields(`network_id=${net}&from=${a}&to=12`)).toEqual(['to']);
    expect(await fields(`network_id=${net}&from=${a}`)).toEqual(['to']);
    expect(await fields(`network_id=x&from=${a}&to=${b}`)).toEqual(['network_id']);
    expect(await fields(`network_id=${net}&from=${a}&to=${b}&at=yesterday`)).toEqual(['at']);
    expect(await fields(`network_id=${net}&from=${a}&to=${b}&hops=3`)).toEqual(['hops']);
  });
});
