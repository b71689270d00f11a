import { expectError, expectOk, HttpClient } from '../support/http';
import { addHost, addSubnet } from '../support/hosts';
import { type Listener, listen } from '../support/loopback-network';
import { type RunningAgent, startSnmpAgent } from '../support/snmp-agent';
import { createTestApp, type TestApp } from '../support/test-app';
import { addNetwork, addUser, type Org, registerOrg } from '../support/tenants';
import { hostsByIp, parseEvents, startRun, waitForRun } from './discovery-helpers';

/**
 * The fixture network lives on 127.66.0.0/24 (loopback only): an SSH box, a web box (nginx and Grafana),
 * a Redis box, and two SNMP devices that see each other by LLDP and CDP.
 */
describe('discovery runs against a loopback fixture network', () => {
  let t: TestApp;
  let http: HttpClient;
  const listeners: Record<string, Listener> = {};
  const agents: RunningAgent[] = [];
  let org: Org;
  let net: string;
  const as = () => http.as(org.owner.session);

  beforeAll(async () => {
    listeners.ssh = await listen('127.66.0.2', 'ssh');
    listeners.nginx = await listen('127.66.0.3', 'nginx');
    listeners.grafana = await listen('127.66.0.3', 'grafana');
    listeners.redis = await listen('127.66.0.4', 'redis');
    const core = await startSnmpAgent({
      address: '127.66.0.5',
      communities: ['netatlas-ro'],
      data: {
        sysName: 'core-sw',
        sysDescr: 'Cisco IOS Software, C2960',
        interfaces: [
          {
            ifIndex: 1,
            ifDescr: 'GigabitEthernet0/1',
            ifName: 'Gi0/1',
            ifAlias: 'uplink',
            ifType: 6,
            speed: 1e9,
            adminUp: true,
            operUp: true,
            mac: '00:00:0c:aa:00:01',
          },
          {
            ifIndex: 2,
            ifDescr: 'TenGigabitEthernet0/2',
            ifName: 'Te0/2',
            ifAlias: 'to edge',
            ifType: 6,
            speed: 1e10,
            adminUp: true,
            operUp: false,
            mac: '00:00:0c:aa:00:02',
          },
        ],
        addresses: [{ ip: '127.66.0.5', ifIndex: 1 }],
        lldp: [
          {
            localPort: 2,
            chassisMac: 'b8:27:eb:00:00:06',
            portId: 'eth1',
            portDesc: 'edge uplink',
            sysName: 'edge-pi',
            sysDesc: 'Raspbian',
            mgmtAddress: '127.66.0.6',
          },
        ],
      },
    });
    agents.push(core);
    agents.push(
      await startSnmpAgent({
        address: '127.66.0.6',
        port: core.port,
        users: [
          {
            name: 'netatlas',
            level: 'authPriv',
            authProtocol: 'sha256',
            authKey: 'auth-secret-1',
            privProtocol: 'aes',
            privKey: 'priv-secret-1',
          },
        ],
        data: {
          sysName: 'edge-pi',
          sysDescr: 'Raspbian GNU/Linux 12',
          interfaces: [
            {
              ifIndex: 1,
              ifDescr: 'eth1',
              ifName: 'eth1',
              ifAlias: '',
              ifType: 6,
              speed: 1e9,
              adminUp: true,
              operUp: true,
              mac: 'b8:27:eb:00:00:06',
            },
          ],
          addresses: [{ ip: '127.66.0.6', ifIndex: 1 }],
          cdp: [
            { ifIndex: 1, address: '127.66.0.5', deviceId: 'core-sw', devicePort: 'Te0/2', platform: 'cisco WS-C2960' },
          ],
        },
      }),
    );
    t = await createTestApp({
      env: {
        DISCOVERY_ALLOWED_CIDRS: '127.66.0.0/16',
        DISCOVERY_SNMP_PORT: String(core.port),
        DISCOVERY_WORKER: 'true',
      },
    });
    http = new HttpClient(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await Promise.all([...Object.values(listeners), ...agents].map((l) => l.close()));
  });

  beforeEach(async () => {
    org = await registerOrg(http);
    net = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, net, '127.66.0.0/16');
  });

  const fixturePorts = () => Object.values(listeners).map((l) => l.port);
  const v2cBody = (assignment: { networks: string[]; hosts: string[] }) => ({
    name: 'read-only v2c',
    credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'netatlas-ro' } },
    assigned_network_ids: assignment.networks,
    organization_id: org.id,
    tags: [],
    host_assignments: assignment.hosts.map((host_id) => ({ host_id })),
  });
  const addCredentials = async (v2cOn = { networks: [net], hosts: [] as string[] }) => {
    const v2c = expectOk(await as().post('/api/v1/credentials', v2cBody(v2cOn)), 201);
    expectOk(
      await as().post('/api/v1/credentials', {
        name: 'v3 edge',
        credential_type: {
          type: 'SnmpV3',
          security_name: 'netatlas',
          security_level: 'authPriv',
          auth_protocol: 'Sha256',
          auth_password: { mode: 'Inline', value: 'auth-secret-1' },
          priv_protocol: 'Aes128',
          priv_password: { mode: 'Inline', value: 'priv-secret-1' },
        },
        assigned_network_ids: [net],
        organization_id: org.id,
        tags: [],
        host_assignments: [],
      }),
      201,
    );
    return v2c.id as string;
  };
  const fullRun = async () => {
    await addCredentials();
    const queued = await startRun(as(), {
      network_id: net,
      targets: ['127.66.0.1-127.66.0.8'],
      ports: fixturePorts(),
      snmp: true,
      timeout_ms: 400,
    });
    return { queued, run: await waitForRun(as(), queued.id) };
  };

  it('finds exactly the fixture hosts, ports, services, interfaces and neighbor links', async () => {
    const { queued, run } = await fullRun();
    expect(queued).toMatchObject({
      status: 'queued',
      network_id: net,
      targets: ['127.66.0.1-127.66.0.8'],
      snmp: true,
      timeout_ms: 400,
      concurrency: 512,
      progress: { targets_total: 8, targets_done: 0, hosts_found: 0 },
      started_at: null,
      finished_at: null,
      error: null,
    });
    expect(run).toMatchObject({
      status: 'completed',
      progress: { targets_total: 8, targets_done: 8, hosts_found: 5 },
      error: null,
      attempts: 1,
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });

    const hosts = await hostsByIp(as(), net);
    expect(Object.keys(hosts).sort()).toEqual(['127.66.0.2', '127.66.0.3', '127.66.0.4', '127.66.0.5', '127.66.0.6']);
    for (const host of Object.values(hosts)) {
      expect(host).toMatchObject({
        source: { type: 'Discovery' },
        first_discovery_id: run.id,
        last_discovery_id: run.id,
      });
    }
    const portsOf = (ip: string) =>
      hosts[ip].ports.map((p: any) => [p.number, p.protocol, p.type]).sort((a: any[], b: any[]) => a[0] - b[0]); // eslint-disable-line @typescript-eslint/no-explicit-any
    const servicesOf = (ip: string) => hosts[ip].services.map((s: any) => `${s.name}=${s.service_definition}`).sort(); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(portsOf('127.66.0.2')).toEqual([[listeners.ssh.port, 'Tcp', 'Ssh']]);
    expect(servicesOf('127.66.0.2')).toEqual(['Ssh=Ssh']);
    expect(portsOf('127.66.0.3')).toEqual(
      [
        [listeners.nginx.port, 'Tcp', 'Nginx'],
        [listeners.grafana.port, 'Tcp', 'Grafana'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(servicesOf('127.66.0.3')).toEqual(['Grafana=Grafana', 'Nginx=Nginx']);
    expect(portsOf('127.66.0.4')).toEqual([[listeners.redis.port, 'Tcp', 'Redis']]);
    expect(portsOf('127.66.0.5')).toEqual([[161, 'Udp', 'Snmp']]);
    expect(servicesOf('127.66.0.6')).toEqual(['Snmp=Snmp']);
    // How discovery knew each service is stored on it: product, version and what matched
    const sourcesOf = (ip: string) => Object.fromEntries(hosts[ip].services.map((s: any) => [s.name, s.source])); // eslint-disable-line @typescript-eslint/no-explicit-any
    const discovered = (metadata: object) => ({ type: 'Discovery', metadata });
    expect(sourcesOf('127.66.0.2')).toEqual({
      Ssh: discovered({ product: 'OpenSSH', version: '9.6', evidence: 'banner SSH-2.0-OpenSSH_9.6' }),
    });
    expect(sourcesOf('127.66.0.3')).toEqual({
      Nginx: discovered({ product: 'nginx', version: '1.25.3', evidence: 'Server: nginx/1.25.3' }),
      Grafana: discovered({ product: 'Grafana', evidence: 'title "Grafana"' }),
    });
    expect(sourcesOf('127.66.0.4')).toEqual({
      Redis: discovered({ evidence: 'answer to GET / -ERR unknown command' }),
    });
    expect(sourcesOf('127.66.0.6')).toEqual({ Snmp: discovered({ evidence: 'answered SNMP' }) });

    const core = hosts['127.66.0.5'];
    const edge = hosts['127.66.0.6'];
    expect(core).toMatchObject({ name: 'core-sw', description: 'Cisco IOS Software, C2960 (Cisco Systems, Inc)' });
    expect(edge).toMatchObject({ name: 'edge-pi', description: 'Raspbian GNU/Linux 12 (Raspberry Pi Foundation)' });
    expect(core.ip_addresses).toMatchObject([{ ip_address: '127.66.0.5', mac_address: '00:00:0c:aa:00:01' }]);
    const byName = (host: any) => Object.fromEntries(host.interfaces.map((i: any) => [i.if_name, i])); // eslint-disable-line @typescript-eslint/no-explicit-any
    const [coreIfs, edgeIfs] = [byName(core), byName(edge)];
    expect(Object.keys(coreIfs).sort()).toEqual(['Gi0/1', 'Te0/2']);
    expect(coreIfs['Gi0/1']).toMatchObject({
      if_index: 1,
      if_descr: 'GigabitEthernet0/1',
      if_alias: 'uplink',
      if_type: 6,
      speed_bps: 1e9,
      admin_status: 'Up',
      oper_status: 'Up',
      mac_address: '00:00:0c:aa:00:01',
      ip_address_id: core.ip_addresses[0].id,
      neighbor: null,
    });
    expect(coreIfs['Te0/2']).toMatchObject({
      speed_bps: 1e10,
      oper_status: 'Down',
      lldp_chassis_id: 'b8:27:eb:00:00:06',
      lldp_port_id: 'eth1',
      lldp_port_desc: 'edge uplink',
      lldp_sys_name: 'edge-pi',
      lldp_sys_desc: 'Raspbian',
      lldp_mgmt_addr: '127.66.0.6',
      neighbor: { host_id: edge.id, interface_id: edgeIfs.eth1.id, provenance: 'lldp' },
    });
    expect(edgeIfs.eth1).toMatchObject({
      cdp_address: '127.66.0.5',
      cdp_device_id: 'core-sw',
      cdp_port_id: 'Te0/2',
      cdp_platform: 'cisco WS-C2960',
      neighbor: { host_id: core.id, interface_id: coreIfs['Te0/2'].id, provenance: 'cdp' },
    });

    // Why each host looks as it does, host by host
    const diagnostics = async (hostId: string) =>
      expectOk(await as().get(`/api/v1/discovery/runs/${run.id}/diagnostics?host_id=${hostId}&limit=0`)).map(
        (d: { host_id: string; address: string; topic: string; message: string }) => {
          expect(d).toMatchObject({ host_id: hostId, address: expect.any(String) });
          return `${d.topic}: ${d.message}`;
        },
      );
    expect(await diagnostics(edge.id)).toEqual([
      'snmp: SNMP answered on 127.66.0.6 as edge-pi: 1 interfaces, 0 LLDP and 1 CDP neighbours, 0 MACs in its bridge table, 0 ARP entries',
      'mac: MAC b8:27:eb:00:00:06 from its own SNMP interface',
      'lldp: LLDP neighbour edge-pi on core-sw Te0/2 matched edge-pi by management address 127.66.0.6; far port: eth1',
    ]);
    expect(await diagnostics(core.id)).toEqual([
      'snmp: SNMP answered on 127.66.0.5 as core-sw: 2 interfaces, 1 LLDP and 0 CDP neighbours, 0 MACs in its bridge table, 0 ARP entries',
      'mac: MAC 00:00:0c:aa:00:01 from its own SNMP interface',
      'cdp: CDP neighbour core-sw on edge-pi eth1 matched core-sw by management address 127.66.0.5; far port: Te0/2',
    ]);
    expect(await diagnostics(hosts['127.66.0.2'].id)).toEqual([
      'snmp: no SNMP credential answered on 127.66.0.2 (2 tried)',
    ]);
    const all = await as().get(`/api/v1/discovery/runs/${run.id}/diagnostics?limit=2`);
    expect(all.body.meta.pagination).toMatchObject({ total_count: 9, limit: 2, offset: 0, has_more: true });

    const organization = expectOk(await as().get('/api/v1/organizations'));
    expect(organization.onboarding).toContain('FirstDiscoveryCompleted');
  });

  it('streams progress, host_found and finished events in order, and resumes after Last-Event-ID', async () => {
    const { run } = await fullRun();
    const reply = await as().get(`/api/v1/discovery/runs/${run.id}/events`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(reply.headers).toMatchObject({
      'x-ratelimit-limit': '300',
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
      'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
    });
    const events = parseEvents(reply.body as string);
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({
      id: expect.any(String),
      event: 'finished',
      data: { status: 'completed', error: null, progress: { targets_total: 8, targets_done: 8, hosts_found: 5 } },
    });
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.targets_done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(8);
    const diagnostics = events.filter((e) => e.event === 'diagnostic');
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.map((e) => e.data.message)).toContain('no SNMP credential answered on 127.66.0.2 (2 tried)');
    const found = events.filter((e) => e.event === 'host_found');
    expect(found.map((e) => e.data.ip_address).sort()).toEqual([
      '127.66.0.2',
      '127.66.0.3',
      '127.66.0.4',
      '127.66.0.5',
      '127.66.0.6',
    ]);
    expect(found.find((e) => e.data.ip_address === '127.66.0.2')!.data).toEqual({
      ip_address: '127.66.0.2',
      hostname: null,
      mac_address: null,
      vendor: null,
      ports: [listeners.ssh.port],
      services: ['Ssh'],
      snmp: false,
    });
    const lastFound = found.at(-1)!;
    const resumed = parseEvents(
      (await as().get(`/api/v1/discovery/runs/${run.id}/events`, { 'last-event-id': lastFound.id })).body as string,
    );
    // the ingest's diagnostics, then the final progress and the end
    expect(resumed.map((e) => e.event)).toEqual([...diagnostics.map(() => 'diagnostic'), 'progress', 'finished']);
  });

  it('a second run with one listener gone versions the change', async () => {
    const web = await listen('127.66.0.9', 'nginx');
    const cache = await listen('127.66.0.9', 'redis');
    const body = { network_id: net, targets: ['127.66.0.9'], ports: [web.port, cache.port], timeout_ms: 400 };
    try {
      const first = await waitForRun(as(), (await startRun(as(), body)).id);
      const between = new Date().toISOString();
      await cache.close();
      const second = await waitForRun(as(), (await startRun(as(), body)).id);
      expect([first.status, second.status]).toEqual(['completed', 'completed']);

      const live = (await hostsByIp(as(), net))['127.66.0.9'];
      expect(live).toMatchObject({ first_discovery_id: first.id, last_discovery_id: second.id });
      expect(live.ports.map((p: { number: number }) => p.number)).toEqual([web.port]);
      expect(live.services.map((s: { name: string }) => s.name)).toEqual(['Nginx']);
      // the same nginx seen again (same product, version and evidence in its source) writes no new version
      const serviceRows = async () =>
        (await t.dataSource.query(`SELECT count(*)::int AS n FROM services WHERE organization_id = $1`, [org.id]))[0].n;
      const afterSecond = await serviceRows();
      expect((await waitForRun(as(), (await startRun(as(), body)).id)).status).toBe('completed');
      expect(await serviceRows()).toBe(afterSecond);
      const before = (await hostsByIp(as(), net, between))['127.66.0.9'];
      expect(before.ports.map((p: { number: number }) => p.number).sort()).toEqual([web.port, cache.port].sort());
      const [closed] = (
        await t.dataSource.query(
          `SELECT valid_to IS NOT NULL AS closed, last_discovery_id FROM ports WHERE organization_id = $1 AND number = $2`,
          [org.id, cache.port],
        )
      ).filter((p: { closed: boolean }) => p.closed);
      expect(closed).toEqual({ closed: true, last_discovery_id: first.id });
    } finally {
      await web.close();
      await cache.close();
    }
  });

  it('cancel stops a running run: finished event, nothing ingested, a second cancel is a conflict', async () => {
    const ports = Array.from({ length: 2000 }, (_, i) => 20_000 + i);
    const queued = await startRun(as(), {
      network_id: net,
      targets: ['127.66.1.0/24'],
      ports,
      concurrency: 1,
      timeout_ms: 200,
    });
    await waitForRun(as(), queued.id, (run) => run.status === 'running');
    const cancelled = expectOk(await as().post(`/api/v1/discovery/runs/${queued.id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
    const events = parseEvents((await as().get(`/api/v1/discovery/runs/${queued.id}/events`)).body as string);
    expect(events.at(-1)).toMatchObject({ event: 'finished', data: { status: 'cancelled', error: null } });

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = expectOk(await as().get(`/api/v1/discovery/runs/${queued.id}`));
    expect(after.status).toBe('cancelled');
    expect(after.progress.targets_done).toBeLessThan(256);
    const again = parseEvents((await as().get(`/api/v1/discovery/runs/${queued.id}/events`)).body as string);
    expect(again).toEqual(events);
    expect(Object.keys(await hostsByIp(as(), net))).toEqual([]);
    expectError(await as().post(`/api/v1/discovery/runs/${queued.id}/cancel`), 409, 'entity_conflict');
  });

  it('one device answering at two addresses is one host', async () => {
    const device = {
      sysName: 'gw',
      sysDescr: 'RouterOS 7',
      interfaces: [
        {
          ifIndex: 1,
          ifDescr: 'ether1',
          ifName: 'ether1',
          ifAlias: '',
          ifType: 6,
          speed: 1e9,
          adminUp: true,
          operUp: true,
          mac: '02:00:00:00:00:07',
        },
        {
          ifIndex: 2,
          ifDescr: 'ether2',
          ifName: 'ether2',
          ifAlias: '',
          ifType: 6,
          speed: 1e9,
          adminUp: true,
          operUp: true,
          mac: '02:00:00:00:00:08',
        },
      ],
      addresses: [
        { ip: '127.66.0.7', ifIndex: 1 },
        { ip: '127.66.0.8', ifIndex: 2 },
      ],
    };
    const port = agents[0].port;
    const both = [
      await startSnmpAgent({ address: '127.66.0.7', port, communities: ['netatlas-ro'], data: device }),
      await startSnmpAgent({ address: '127.66.0.8', port, communities: ['netatlas-ro'], data: device }),
    ];
    const ssh = await listen('127.66.0.8', 'ssh');
    try {
      await addCredentials();
      const body = {
        network_id: net,
        targets: ['127.66.0.7-127.66.0.8'],
        ports: [ssh.port],
        snmp: true,
        timeout_ms: 300,
      };
      const run = await waitForRun(as(), (await startRun(as(), body)).id);
      expect(run.progress).toEqual({ targets_total: 2, targets_done: 2, hosts_found: 1 });
      const [gw, ...others] = expectOk(await as().get(`/api/v1/hosts?network_id=${net}`));
      expect(others).toEqual([]);
      expect(gw).toMatchObject({ name: 'gw', description: 'RouterOS 7' });
      const addresses = gw.ip_addresses.map((i: { ip_address: string; mac_address: string }) => [
        i.ip_address,
        i.mac_address,
      ]);
      expect(addresses).toEqual([
        ['127.66.0.7', '02:00:00:00:00:07'],
        ['127.66.0.8', '02:00:00:00:00:08'],
      ]);
      expect(gw.ports.map((p: { number: number }) => p.number).sort()).toEqual([161, ssh.port].sort());
    } finally {
      await Promise.all([...both, ssh].map((c) => c.close()));
    }
  });

  it("tries a credential assigned to a host only on that host's addresses", async () => {
    const subnet = expectOk(await as().get(`/api/v1/subnets?network_id=${net}`))[0].id;
    const manual = async (ip: string) =>
      (await addHost(http, org.owner.session, net, { ip_addresses: [{ subnet_id: subnet, ip_address: ip }] })).id;
    const [core, edge] = [await manual('127.66.0.5'), await manual('127.66.0.6')];
    // The community only the core switch knows is assigned to the edge host: the core stays silent.
    const v2c = await addCredentials({ networks: [], hosts: [edge] });
    const body = { network_id: net, targets: ['127.66.0.5', '127.66.0.6'], ports: [9], snmp: true, timeout_ms: 300 };
    const first = await waitForRun(as(), (await startRun(as(), body)).id);
    expect(first.progress).toEqual({ targets_total: 2, targets_done: 2, hosts_found: 1 });
    // The core answers no SNMP yet: the far port of the edge's CDP neighbour is made from what CDP said.
    const seen = await hostsByIp(as(), net);
    expect(seen['127.66.0.5']).toMatchObject({
      id: core,
      interfaces: [
        {
          if_name: 'Te0/2',
          if_index: 0,
          neighbor: { host_id: edge, interface_id: seen['127.66.0.6'].interfaces[0].id, provenance: 'cdp' },
        },
      ],
    });

    expectOk(await as().put(`/api/v1/credentials/${v2c}`, v2cBody({ networks: [], hosts: [core] })));
    const second = await waitForRun(as(), (await startRun(as(), body)).id);
    expect(second.progress).toEqual({ targets_total: 2, targets_done: 2, hosts_found: 2 });
    const hosts = await hostsByIp(as(), net);
    expect(hosts['127.66.0.5']).toMatchObject({ id: core, last_discovery_id: second.id, stale: false });
    // Its own SNMP now reports its ports: the made-up one is gone.
    expect(
      hosts['127.66.0.5'].interfaces.map((i: { if_name: string; if_index: number }) => [i.if_name, i.if_index]),
    ).toEqual([
      ['Gi0/1', 1],
      ['Te0/2', 2],
    ]);
    // Hosts that existed keep their name; discovery adds what it saw.
    expect(hosts['127.66.0.6']).toMatchObject({ id: edge, interfaces: [{ if_name: 'eth1' }] });
  });

  it('lists only runs of networks the caller may access, newest first, filtered and paged', async () => {
    const other = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, other, '127.66.0.0/16');
    const body = (network_id: string, target: string) => ({
      network_id,
      targets: [target],
      ports: [9],
      timeout_ms: 100,
    });
    const a = await startRun(as(), body(net, '127.66.4.1'));
    const b = await startRun(as(), body(net, '127.66.4.2'));
    const c = await startRun(as(), body(other, '127.66.5.1'));
    const member = await addUser(http, org.owner.session, 'Member', [net]);
    const ids = (reply: Awaited<ReturnType<HttpClient['get']>>) => expectOk(reply).map((r: { id: string }) => r.id);
    expect(ids(await as().get('/api/v1/discovery/runs'))).toEqual([c.id, b.id, a.id]);
    expect(ids(await http.as(member.session).get('/api/v1/discovery/runs'))).toEqual([b.id, a.id]);
    expect(ids(await as().get(`/api/v1/discovery/runs?network_id=${other}`))).toEqual([c.id]);
    const page = await as().get('/api/v1/discovery/runs?limit=1&offset=1');
    expect(ids(page)).toEqual([b.id]);
    expect(page.body.meta.pagination).toMatchObject({ total_count: 3, limit: 1, offset: 1, has_more: true });
    expectError(await http.as(member.session).get(`/api/v1/discovery/runs/${c.id}`), 404, 'entity_not_found');
    expect(ids(await http.as((await registerOrg(http)).owner.session).get('/api/v1/discovery/runs'))).toEqual([]);
  });

  it('takes nmap-style port presets', async () => {
    const run = await waitForRun(
      as(),
      (await startRun(as(), { network_id: net, targets: ['127.66.2.1'], ports: 'top100', timeout_ms: 300 })).id,
    );
    expect(run).toMatchObject({
      status: 'completed',
      ports: 'top100',
      progress: { targets_total: 1, targets_done: 1 },
    });
  });

  it('refuses targets outside the subnets, outside DISCOVERY_ALLOWED_CIDRS or over 65,536 addresses, and bad settings', async () => {
    await addSubnet(http, org.owner.session, net, '10.1.0.0/16');
    const post = (extra: object) =>
      as().post('/api/v1/discovery/runs', { network_id: net, targets: ['127.66.0.2'], ports: [22], ...extra });
    const rule = async (extra: object) => expectError(await post(extra), 400, 'validation_failed').params.errors;
    expect(await rule({ targets: ['127.66.0.2', '192.168.1.1'] })).toEqual([
      { field: 'targets[1]', rule: 'in_subnets', message: '192.168.1.1 is in no subnet of the network' },
    ]);
    expect(await rule({ targets: ['10.1.0.5'] })).toEqual([
      { field: 'targets[0]', rule: 'allowed', message: '10.1.0.5 is outside DISCOVERY_ALLOWED_CIDRS' },
    ]);
    expect((await rule({ targets: ['127.66.0.0/15'] }))[0]).toMatchObject({
      field: 'targets[0]',
      rule: 'max_addresses',
    });
    expect((await rule({ targets: ['127.66.0.300'] }))[0]).toMatchObject({ field: 'targets[0]', rule: 'target' });
    for (const bad of [
      { ports: 'top5' },
      { ports: [0] },
      { ports: [] },
      { timeout_ms: 10 },
      { concurrency: 0 },
      { targets: [] },
    ]) {
      expectError(await post(bad), 400, 'validation_failed');
    }
    const other = await registerOrg(http);
    expectError(
      await http
        .as(other.owner.session)
        .post('/api/v1/discovery/runs', { network_id: net, targets: ['127.66.0.2'], ports: [22] }),
      404,
      'entity_not_found',
    );
    const viewer = await addUser(http, org.owner.session, 'Viewer', [net]);
    expectError(
      await http
        .as(viewer.session)
        .post('/api/v1/discovery/runs', { network_id: net, targets: ['127.66.0.2'], ports: [22] }),
      403,
      'auth_permission_denied',
    );
    expect(expectOk(await http.as(viewer.session).get(`/api/v1/discovery/runs?network_id=${net}`))).toEqual([]);
  });
});
