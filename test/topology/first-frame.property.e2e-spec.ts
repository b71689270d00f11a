import fc from 'fast-check';
import { type ApiCall, ingestNetwork } from '../../scripts/seed-network';
import { generateNetwork } from '../../scripts/seed/profiles';
import type { TenantContext } from '../../src/common/auth/tenant-context';
import { firstFrame, readPlan } from '../../src/modules/topology/domain/first-frame';
import type { Graph } from '../../src/modules/topology/domain/graph';
import { readSummary } from '../../src/modules/topology/application/read-summary';
import { findNodes } from '../../src/modules/topology/domain/find';
import { GROUPING_TABLES, groupsHolding, groupView } from '../../src/modules/topology/domain/groups';
import { buildView } from '../../src/modules/topology/domain/views';
import { L2_SUMMARY_READER, type L2SummaryReader } from '../../src/modules/topology/domain/l2-summary.port';
import { NETWORK_STATE_READER, type NetworkStateReader } from '../../src/modules/topology/domain/network-state.port';
import { addSubnet } from '../support/hosts';
import { expectOk } from '../support/http';
import { GBPS, observedMac } from '../support/observed-hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, ownerContext, registerOrg } from '../support/tenants';

/**
 * Property: the grouped L2Physical view drawn from a summary of the network (first-frame.ts: infrastructure
 * read whole, endpoints counted by the switches they link to, unlinked hosts by subnet) is the view that
 * grouping the whole network draws (groups.ts over views.ts), node for node and edge for edge, at any
 * threshold, with any groups open, live and as of an earlier instant.
 */
const ctx = useTestApp();
jest.setTimeout(180_000);

/** Nodes in order, edges by id (their order is the order links were met, which a summary does not keep). */
const canonical = (graph: Graph) => ({
  nodes: graph.nodes,
  edges: [...graph.edges].sort((a, b) => (a.id < b.id ? -1 : 1)),
});

async function bothWays(
  who: TenantContext,
  networkId: string,
  at: Date | null,
  expanded: Set<string>,
  threshold: number,
) {
  const state = await ctx.t.app
    .get<NetworkStateReader>(NETWORK_STATE_READER)
    .load(who, networkId, 'L2Physical', at, GROUPING_TABLES);
  const whole = groupView('L2Physical', buildView('L2Physical', state), state, expanded, threshold);
  const summaries = ctx.t.app.get<L2SummaryReader>(L2_SUMMARY_READER);
  const summary = await readSummary(summaries, who, networkId, at);
  const read = await summaries.readWhole(who, networkId, at, readPlan(summary, expanded));
  return { whole, summarised: firstFrame(summary, read, expanded, threshold), summary };
}

/** Every group id a host may be in, at any level: what a person may open. */
async function groupIds(who: TenantContext, networkId: string): Promise<string[]> {
  const state = await ctx.t.app
    .get<NetworkStateReader>(NETWORK_STATE_READER)
    .load(who, networkId, 'L2Physical', null, GROUPING_TABLES);
  const graph = buildView('L2Physical', state);
  const holding = groupsHolding('L2Physical', graph, state);
  return [...new Set(state.hosts.flatMap((h) => holding(h.id)))].sort();
}

// ---------------------------------------------------------------------------------------------------------
// Random networks: infrastructure (typed, or untyped with many links), endpoints linked to nothing, to one or
// two switches, or to another endpoint, addresses in subnets that exist or not, or none.

interface RandomNetwork {
  switches: { type: 'Switch' | 'Router' | 'Firewall' | 'Unknown'; up: number[] }[];
  endpoints: {
    type: 'Workstation' | 'Server' | 'Unknown';
    links: { to: number; port: number }[];
    peer: number | null;
    prefix: number | null;
  }[];
}

const SWITCH_PORTS = 6;
const randomNetwork: fc.Arbitrary<RandomNetwork> = fc.integer({ min: 1, max: 6 }).chain((count) =>
  fc.record({
    switches: fc.array(
      fc.record({
        type: fc.constantFrom('Switch', 'Switch', 'Router', 'Firewall', 'Unknown'),
        up: fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: 2 }),
      }),
      { minLength: count, maxLength: count },
    ),
    endpoints: fc.array(
      fc.record({
        type: fc.constantFrom('Workstation', 'Server', 'Unknown'),
        links: fc.uniqueArray(
          fc.record({ to: fc.integer({ min: 0, max: count - 1 }), port: fc.integer({ min: 1, max: SWITCH_PORTS }) }),
          { maxLength: 2, selector: (l) => l.to },
        ),
        peer: fc.option(fc.integer({ min: 0, max: 59 }), { freq: 6 }),
        prefix: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 5 }),
      }),
      { minLength: 2, maxLength: 60 },
    ),
  }),
);

/** The network as observations: switches s0.., endpoints e0..; hosts numbered from 1 for their MACs. */
function observations(network: RandomNetwork) {
  const switchNo = (k: number) => k + 1;
  const endpointNo = (k: number) => network.switches.length + k + 1;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const port = (host: number, index: number, name: string, far?: [string, number, string]) => ({
    if_index: index,
    if_name: name,
    if_type: 6,
    speed_bps: GBPS,
    admin_status: 'Up',
    oper_status: 'Up',
    mac_address: `02:00:00:00:${hex(host)}:${hex(index)}`,
    ...(far && { lldp_sys_name: far[0], lldp_chassis_id: observedMac(far[1]), lldp_port_id: far[2] }),
  });
  const hosts: object[] = network.switches.map((s, k) => ({
    name: `s${k}`,
    mac: observedMac(switchNo(k)),
    device_type: s.type,
    ip_addresses: [{ ip_address: `10.9.0.${switchNo(k)}`, mac_address: observedMac(switchNo(k)) }],
    interfaces: [
      ...Array.from({ length: SWITCH_PORTS }, (_, i) => port(switchNo(k), i + 1, `ge-${i + 1}`)),
      ...s.up
        .filter((u) => u !== k)
        .map((u, i) => port(switchNo(k), 50 + i, `up-${i}`, [`s${u}`, switchNo(u), `ge-${SWITCH_PORTS}`])),
    ],
  }));
  network.endpoints.forEach((e, k) => {
    const n = endpointNo(k);
    const peer = e.peer !== null && e.peer < network.endpoints.length && e.peer !== k ? e.peer : null;
    hosts.push({
      name: `e${k}`,
      mac: observedMac(n),
      device_type: e.type,
      ip_addresses: e.prefix === null ? [] : [{ ip_address: `10.9.${e.prefix}.${n}`, mac_address: observedMac(n) }],
      interfaces: [
        ...e.links.map((l, i) => port(n, i + 1, `eth${i}`, [`s${l.to}`, switchNo(l.to), `ge-${l.port}`])),
        ...(peer === null ? [] : [port(n, 9, 'peer', [`e${peer}`, endpointNo(peer), 'eth9'])]),
        port(n, 10, 'spare'),
      ],
    });
  });
  return hosts;
}

describe('the grouped L2 view drawn from a summary', () => {
  it('is the view grouping the whole network draws, for random networks, thresholds and open groups', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomNetwork,
        fc.integer({ min: 3, max: 60 }),
        fc.integer(),
        async (network, threshold, seed) => {
          const org = await registerOrg(ctx.http);
          const net = await addNetwork(ctx.http, org.owner.session);
          for (const cidr of ['10.9.0.0/24', '10.9.1.0/24', '10.9.2.0/24'])
            await addSubnet(ctx.http, org.owner.session, net, cidr);
          const me = ctx.http.as(org.owner.session);
          const hosts = observations(network);
          expectOk(
            await me.post('/api/v1/discovery/observations', {
              network_id: net,
              observed_at: new Date().toISOString(),
              hosts,
            }),
          );
          const who = ownerContext(org);
          const ids = await groupIds(who, net);
          const random = fc.sample(fc.subarray(ids, { maxLength: Math.min(3, ids.length) }), { numRuns: 1, seed })[0];
          for (const expanded of [new Set<string>(), new Set(random)]) {
            const { whole, summarised, summary } = await bothWays(who, net, null, expanded, threshold);
            if (summary.nodeCount <= threshold) continue;
            expect(canonical(summarised)).toEqual(canonical(whole));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each(['campus', 'datacenter', 'mixed'] as const)(
    'is the view grouping the whole network draws for a seeded %s, with each group opened in turn, live and as of before a change',
    async (profile) => {
      const org = await registerOrg(ctx.http);
      const net = await addNetwork(ctx.http, org.owner.session);
      const me = ctx.http.as(org.owner.session);
      const call: ApiCall = async (method, path, body) => {
        const reply = method === 'GET' ? await me.get(path) : await me.post(path, body);
        return { status: reply.status, body: JSON.stringify(reply.body) };
      };
      await ingestNetwork(call, net, generateNetwork(profile, 400));
      const who = ownerContext(org);
      const ids = await groupIds(who, net);
      expect(ids.length).toBeGreaterThan(1);
      for (const threshold of [300, 60, 20]) {
        const closed = await bothWays(who, net, null, new Set(), threshold);
        expect(closed.summarised.nodes.length).toBeLessThan(closed.summary.nodeCount);
        expect(canonical(closed.summarised)).toEqual(canonical(closed.whole));
      }
      for (const id of ids) {
        const { whole, summarised } = await bothWays(who, net, null, new Set([id]), 300);
        expect(canonical(summarised)).toEqual(canonical(whole));
      }

      // Find answers as it does over the whole view: names, parts of names, addresses, MACs, port names
      const state = await ctx.t.app
        .get<NetworkStateReader>(NETWORK_STATE_READER)
        .load(who, net, 'L2Physical', null, [...GROUPING_TABLES, 'interfaces']);
      const graph = buildView('L2Physical', state);
      const holding = groupsHolding('L2Physical', graph, state);
      const someHosts = [0, 7, 150, 399].map((n) => state.hosts[n % state.hosts.length]);
      const texts = [
        ...someHosts.map((h) => h.name),
        someHosts[1].name.slice(0, 4),
        state.ip_addresses[5].ip_address,
        '10.',
        state.interfaces[3].mac_address.slice(0, 8),
        state.interfaces[20].if_name,
        'eth',
        'if1',
        'no-such-host',
      ];
      for (const text of texts) {
        const answered = expectOk(
          await me.get(`/api/v1/topology/find?network_id=${net}&view=L2Physical&q=${encodeURIComponent(text)}`),
        );
        expect({ text, answered }).toEqual({ text, answered: findNodes(graph, state, text, holding) });
      }

      // a change: the first switch's hosts gone; as of before it, the view is that of then
      const before = new Date();
      const hosts = expectOk(await me.get(`/api/v1/hosts?network_id=${net}&limit=5`)) as { id: string }[];
      for (const host of hosts) expectOk(await me.delete(`/api/v1/hosts/${host.id}`));
      const then = await bothWays(who, net, before, new Set(ids.slice(0, 2)), 100);
      expect(canonical(then.summarised)).toEqual(canonical(then.whole));
      const now = await bothWays(who, net, null, new Set(ids.slice(0, 2)), 100);
      expect(canonical(now.summarised)).toEqual(canonical(now.whole));
      expect(now.summary.nodeCount).toBeLessThan(then.summary.nodeCount);
    },
  );
});
