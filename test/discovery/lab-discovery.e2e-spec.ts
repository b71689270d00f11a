import { addSubnet } from '../support/hosts';
import { expectOk, HttpClient } from '../support/http';
import { type Lab, startLab } from '../support/lab';
import { createTestApp, type TestApp } from '../support/test-app';
import { addNetwork, type Org, registerOrg } from '../support/tenants';
import { startRun, waitForRun } from './discovery-helpers';

const START_MS = 90_000;

/**
 * Discovery against the namespace lab: a Linux-bridge switch (Debian snmpd + lldpd over AgentX, BRIDGE-MIB)
 * routing for h1 and h2 (lldpd) and h3 (no lldpd). The scanner reaches the hosts only through the switch.
 */
describe('discovery of the namespace lab', () => {
  let lab: Lab;
  let t: TestApp;
  let http: HttpClient;
  let org: Org;
  let net: string;
  let runId: string;
  let runBody: Record<string, unknown>;
  let credentialId: string;
  const as = () => http.as(org.owner.session);
  const credentialBody = (networks: string[]) => ({
    name: 'lab v2c',
    credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: lab.snmp.community } },
    assigned_network_ids: networks,
    organization_id: org.id,
    tags: [],
    host_assignments: [],
  });

  beforeAll(async () => {
    lab = await startLab();
    t = await createTestApp({
      env: { DISCOVERY_ALLOWED_CIDRS: `${lab.subnets.uplink},${lab.subnets.hosts}`, DISCOVERY_WORKER: 'true' },
    });
    http = new HttpClient(t.app);
    org = await registerOrg(http);
    net = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, net, lab.subnets.uplink);
    await addSubnet(http, org.owner.session, net, lab.subnets.hosts);
    credentialId = expectOk(await as().post('/api/v1/credentials', credentialBody([net])), 201).id;
    const ports = [22, ...lab.services.map((s) => s.port)];
    runBody = {
      network_id: net,
      targets: [lab.switch.managementAddress, `${lab.switch.gateway}-${lab.hosts.h3.address.replace(/\d+$/, '14')}`],
      ports,
      snmp: true,
      timeout_ms: 1_000,
    };
    const queued = await startRun(as(), runBody);
    runId = (await waitForRun(as(), queued.id, undefined, 60_000)).id;
  }, START_MS + 60_000);
  afterAll(async () => {
    await t?.close();
    await lab?.close();
  });

  const hostsByName = async () => {
    const hosts = expectOk(await as().get(`/api/v1/hosts?network_id=${net}&limit=0`));
    return Object.fromEntries(hosts.map((h: { name: string }) => [h.name, h])) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('finds the switch once (both its addresses) and the three hosts, MACs from the switch ARP table', async () => {
    const run = expectOk(await as().get(`/api/v1/discovery/runs/${runId}`));
    expect(run).toMatchObject({ status: 'completed', progress: { hosts_found: 4 } });
    const hosts = await hostsByName();
    expect(Object.keys(hosts).sort()).toEqual(['10.203.81.13', 'lab-h1', 'lab-h2', 'lab-sw']);
    expect(hosts['lab-sw'].ip_addresses.map((ip: { ip_address: string }) => ip.ip_address).sort()).toEqual([
      lab.switch.managementAddress,
      lab.switch.gateway,
    ]);
    // hosts that answer no SNMP are described by what their LLDP neighbour said of them
    expect(hosts['lab-h1'].description).toMatch(/^Debian GNU\/Linux/);
    expect(hosts['10.203.81.13'].description).toBe('');
    for (const [name, host] of [
      ['lab-h1', lab.hosts.h1],
      ['lab-h2', lab.hosts.h2],
      ['10.203.81.13', lab.hosts.h3],
    ] as const)
      expect(hosts[name].ip_addresses).toMatchObject([{ ip_address: host.address, mac_address: host.interface.mac }]);
  });

  it('draws exactly the L2 graph: each switch port to its host interface, with how it was learnt', async () => {
    const hosts = await hostsByName();
    const graph = expectOk(await as().get(`/api/v1/topology?network_id=${net}&view=L2Physical`));
    const nodes = new Map(graph.nodes.map((n: { id: string }) => [n.id, n]));
    const hostName = new Map(Object.values(hosts).map((h) => [h.id, h.name]));
    const end = (id: string) => {
      const node = nodes.get(id) as { parent: string; label: string };
      return `${hostName.get(node.parent)} ${node.label}`;
    };
    const links = graph.edges
      .map((e: { source: string; target: string; data: { provenance: string } }) =>
        [[end(e.source), end(e.target)].sort().join(' = '), e.data.provenance].join(' by '),
      )
      .sort();
    const { h1, h2, h3 } = lab.hosts;
    expect(links).toEqual([
      `10.203.81.13 ${h3.interface.mac} = lab-sw ${h3.switchPort} by fdb`,
      `lab-h1 eth0 = lab-sw ${h1.switchPort} by lldp`,
      `lab-h2 eth0 = lab-sw ${h2.switchPort} by lldp`,
    ]);
    // The port whose MAC the bridge shares keeps its own neighbour; br0 has none.
    const br0 = hosts['lab-sw'].interfaces.find((i: { if_name: string }) => i.if_name === 'br0');
    expect(br0).toMatchObject({ mac_address: lab.switch.bridge.mac, neighbor: null, lldp_sys_name: null });
    // Both ends point at each other; the far ends of hosts without SNMP are made from the neighbour data.
    const swp1 = hosts['lab-sw'].interfaces.find((i: { if_name: string }) => i.if_name === h1.switchPort);
    const eth0 = hosts['lab-h1'].interfaces[0];
    expect(eth0).toMatchObject({
      if_name: 'eth0',
      mac_address: h1.interface.mac,
      ip_address_id: hosts['lab-h1'].ip_addresses[0].id,
      neighbor: { host_id: hosts['lab-sw'].id, interface_id: swp1.id, provenance: 'lldp' },
    });
    expect(swp1).toMatchObject({
      lldp_sys_name: 'lab-h1',
      lldp_mgmt_addr: h1.address,
      neighbor: { host_id: hosts['lab-h1'].id, interface_id: eth0.id, provenance: 'lldp' },
    });
  });

  it('says, host by host, why each link is there', async () => {
    const hosts = await hostsByName();
    const diagnostics = async (name: string) =>
      expectOk(await as().get(`/api/v1/discovery/runs/${runId}/diagnostics?host_id=${hosts[name].id}&limit=0`)).map(
        (d: { topic: string; message: string }) => `${d.topic}: ${d.message}`,
      );
    const { h1, h3 } = lab.hosts;
    expect(await diagnostics('lab-h1')).toEqual([
      `snmp: no SNMP credential answered on ${h1.address} (1 tried)`,
      `mac: MAC ${h1.interface.mac} from the ARP table of lab-sw (${lab.switch.managementAddress})`,
      `lldp: LLDP neighbour lab-h1 on lab-sw ${h1.switchPort} matched lab-h1 by management address ${h1.address}; ` +
        'far port: eth0 (made from the neighbour data: the host answers no SNMP)',
    ]);
    expect(await diagnostics('10.203.81.13')).toEqual([
      `snmp: no SNMP credential answered on ${h3.address} (1 tried)`,
      `mac: MAC ${h3.interface.mac} from the ARP table of lab-sw (${lab.switch.managementAddress})`,
      `fdb: MAC ${h3.interface.mac} of 10.203.81.13 learnt on lab-sw ${h3.switchPort}, an edge port: linked`,
    ]);
  });

  it('identifies the services by probing them', async () => {
    const hosts = await hostsByName();
    const services = (name: string) =>
      hosts[name].services.map((s: { service_definition: string }) => s.service_definition).sort();
    expect(services('lab-h1')).toEqual(['Http']);
    expect(services('lab-h2')).toEqual(['Redis']);
    expect(services('10.203.81.13')).toEqual(['Ssh']);
    expect(services('lab-sw')).toEqual(['Snmp']);
    const metadata = (name: string) => hosts[name].services[0].source;
    // python3 -m http.server in a directory listing docker-compose.yml: its Server header names it, not the page
    expect(metadata('lab-h1')).toEqual({
      type: 'Discovery',
      metadata: {
        product: 'SimpleHTTPServer',
        version: expect.stringMatching(/^\d+\.\d+$/),
        evidence: expect.stringMatching(/^Server: SimpleHTTP\//),
      },
    });
    expect(metadata('lab-h2')).toMatchObject({
      metadata: { product: 'Redis', version: expect.stringMatching(/^\d+\./) },
    });
    expect(metadata('10.203.81.13')).toEqual({
      type: 'Discovery',
      metadata: { product: 'OpenSSH', version: '9.2p1', evidence: 'banner SSH-2.0-OpenSSH_9.2p1' },
    });
  });

  it('places hosts whose every port is closed: the switch ARP table knows them, its FDB or LLDP places them', async () => {
    const other = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, other, lab.subnets.uplink);
    await addSubnet(http, org.owner.session, other, lab.subnets.hosts);
    expectOk(await as().put(`/api/v1/credentials/${credentialId}`, credentialBody([net, other])));
    const closedPort = 9;
    const queued = await startRun(as(), { ...runBody, network_id: other, ports: [closedPort] });
    const run = await waitForRun(as(), queued.id, undefined, 60_000);
    expect(run).toMatchObject({ status: 'completed', progress: { hosts_found: 4 } });
    const hosts = expectOk(await as().get(`/api/v1/hosts?network_id=${other}&limit=0`));
    const h3 = hosts.find((h: { name: string }) => h.name === lab.hosts.h3.address);
    expect(h3).toMatchObject({
      ports: [],
      interfaces: [{ mac_address: lab.hosts.h3.interface.mac, neighbor: { provenance: 'fdb' } }],
    });
    const notes = expectOk(await as().get(`/api/v1/discovery/runs/${run.id}/diagnostics?host_id=${h3.id}`));
    expect(notes.map((d: { message: string }) => d.message)).toContain(
      `no port open on ${lab.hosts.h3.address} among the 1 scanned; recorded because an ARP table holds it`,
    );
  });

  it('a second run changes nothing: links and made-up ports are stable', async () => {
    const before = expectOk(await as().get(`/api/v1/topology?network_id=${net}&view=L2Physical`));
    const run = await waitForRun(as(), (await startRun(as(), runBody)).id, undefined, 60_000);
    expect(run.status).toBe('completed');
    const after = expectOk(await as().get(`/api/v1/topology?network_id=${net}&view=L2Physical`));
    // (a link's status may move between runs; what is linked to what may not)
    expect(after.edges).toEqual(before.edges);
    const shape = (g: typeof before) => g.nodes.map((n: { id: string; label: string }) => `${n.id} ${n.label}`);
    expect(shape(after)).toEqual(shape(before));
  });
});
