import { type ApiCall, ingestNetwork } from '../../scripts/seed-network';
import { SEND_IDENTITY } from '../../scripts/seed/identity';
import { generateNetwork, type GeneratedProfile } from '../../scripts/seed/profiles';
import { intendedLinks } from '../../scripts/seed/summary';
import type { SeedHost } from '../../scripts/seed/types';
import { expectOk } from '../support/http';
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
  source: string;
  target: string;
  kind: string;
  data: { provenance: string };
}

const HOSTS = 300;
/** Small batches, so that neighbours span batches and the second sending is exercised. */
const BATCH = 100;

/** A drawn or intended link as text: both ends `host port`, in name order, and how it was learnt. */
const linkKey = (a: string, b: string, via: string) => `${[a, b].sort().join(' - ')} (${via})`;
const isEndpoint = (h: SeedHost) => !['Switch', 'Router', 'Firewall', 'VirtualMachine'].includes(h.device_type);

/** `npm run seed -- --profile campus|datacenter|mixed`, through the real app and its ingest, read back as L2 links. */
describe('seed profiles ingested through POST /api/v1/discovery/observations', () => {
  const ctx = useTestApp();

  it.each<GeneratedProfile>(['campus', 'datacenter', 'mixed'])(
    `%s of ${HOSTS} hosts: every intended link is drawn in L2Physical and nothing else; switch-to-switch links by LLDP; endpoints on their access switch or leaf pair`,
    async (profile) => {
      const org = await registerOrg(ctx.http);
      const net = await addNetwork(ctx.http, org.owner.session);
      const me = ctx.http.as(org.owner.session);
      const call: ApiCall = async (method, path, body) => {
        const reply = method === 'GET' ? await me.get(path) : await me.post(path, body);
        return { status: reply.status, body: JSON.stringify(reply.body) };
      };
      const network = generateNetwork(profile, HOSTS);
      let again = 0;
      await ingestNetwork(call, net, network, (p) => (again = p.again ?? 0), BATCH);
      expect(again).toBeGreaterThan(0);

      const graph = expectOk(await me.get(`/api/v1/topology?network_id=${net}&view=L2Physical`)) as {
        nodes: Node[];
        edges: Edge[];
      };
      const hostNames = new Map(graph.nodes.filter((n) => n.kind === 'host').map((n) => [n.id, n.label]));
      // no host made up from neighbour data: the network holds exactly the generated hosts
      expect([...hostNames.values()].sort()).toEqual(network.hosts.map((h) => h.name).sort());
      if (SEND_IDENTITY) {
        const identity = ({ device_type, vendor, model, os, location }: Record<string, unknown>) =>
          JSON.stringify({ device_type, vendor, model, os, location });
        const sent = new Map(network.hosts.map((h) => [h.name, identity({ ...h })]));
        const read = graph.nodes.filter((n) => n.kind === 'host');
        expect(read.filter((n) => identity(n.data) !== sent.get(n.label))).toEqual([]);
      }
      const ports = new Map(
        graph.nodes.filter((n) => n.kind === 'interface').map((n) => [n.id, `${hostNames.get(n.parent!)} ${n.label}`]),
      );
      const links = graph.edges.filter((e) => e.kind === 'link');
      const drawn = links.map((e) => linkKey(ports.get(e.source)!, ports.get(e.target)!, e.data.provenance));
      const intended = intendedLinks(network).map((l) =>
        linkKey(`${l.a.host} ${l.a.port}`, `${l.b.host} ${l.b.port}`, l.via),
      );
      expect(drawn.sort()).toEqual(intended.sort());

      const byName = new Map(network.hosts.map((h) => [h.name, h]));
      const hostOf = (interfaceId: string) => byName.get(ports.get(interfaceId)!.split(' ')[0])!;
      const switchLinks = links.filter(
        (e) => hostOf(e.source).device_type === 'Switch' && hostOf(e.target).device_type === 'Switch',
      );
      expect(switchLinks.length).toBe(expectedSwitchLinks(network.hosts));
      expect(new Set(switchLinks.map((e) => e.data.provenance))).toEqual(new Set(['lldp']));

      for (const endpoint of network.hosts.filter(isEndpoint)) {
        const own = links.filter((e) => hostOf(e.source) === endpoint || hostOf(e.target) === endpoint);
        const far = own.map((e) => (hostOf(e.source) === endpoint ? hostOf(e.target) : hostOf(e.source)).name);
        if (endpoint.location.startsWith('HQ')) {
          expect(far).toEqual([expect.stringMatching(/^bldg-[a-z]+-fl\d+-sw\d+$/)]);
          const via = ['Phone', 'AccessPoint'].includes(endpoint.device_type) ? 'lldp' : 'fdb';
          expect(own[0].data.provenance).toBe(via);
        } else {
          const rack = /-(r\d{3})-/.exec(endpoint.name)![1];
          expect(far.sort()).toEqual([`dc1-leaf-${rack}-a`, `dc1-leaf-${rack}-b`]);
        }
      }

      // Workloads: every VM inside the hypervisor it runs on, as the seed reported it
      const workloads = expectOk(await me.get(`/api/v1/topology?network_id=${net}&view=Workloads`)) as {
        nodes: Node[];
      };
      const labelOf = new Map(workloads.nodes.map((n) => [n.id, n.label]));
      const nameAt = new Map(network.hosts.map((h) => [h.ip_addresses[0].ip_address, h.name]));
      const guests = workloads.nodes.filter((n) => n.kind === 'vm').map((n) => [n.label, labelOf.get(n.parent!)]);
      const intendedGuests = network.hosts
        .filter((h) => h.virtualization)
        .map((h) => [h.name, nameAt.get(h.virtualization!.host_ip)]);
      expect(guests.sort()).toEqual(intendedGuests.sort());
      expect(intendedGuests.length > 0).toBe(profile !== 'campus');
    },
    120_000,
  );
});

/**
 * Switch-to-switch links by the profiles' rules: campus 2 between the cores, 4 per building (each
 * distribution switch to both cores), 2 per access switch; data centre every leaf to every spine and 2
 * between the leaves of a pair.
 */
function expectedSwitchLinks(hosts: SeedHost[]): number {
  const count = (pattern: RegExp) => hosts.filter((h) => pattern.test(h.name)).length;
  const cores = count(/^hq-core-\d$/);
  const campus = cores === 0 ? 0 : 2 + 2 * count(/^bldg-[a-z]+-dist-\d$/) + 2 * count(/^bldg-[a-z]+-fl\d+-sw\d+$/);
  const leaves = count(/^dc1-(b?leaf)/);
  const datacenter = leaves * count(/^dc1-spine-\d$/) + leaves;
  return campus + datacenter;
}
