import { addHost, type Host } from '../support/hosts';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, type Org, registerOrg } from '../support/tenants';

/** docs/inventory.md "Device identity": type, vendor, model, OS and location, where each came from. */
describe('host identity', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const observe = (hosts: object[]) =>
    as().post('/api/v1/discovery/observations', { network_id: net, observed_at: new Date().toISOString(), hosts });
  const hosts = async (query = '') =>
    expectOk(await as().get(`/api/v1/hosts?network_id=${net}&include_children=false${query}`)) as Host[];
  const byName = async (name: string) => {
    const named = (await hosts()).filter((h) => h.name === name);
    expect(named).toHaveLength(1);
    return expectOk(await as().get(`/api/v1/hosts/${named[0].id}`)) as Host;
  };

  /** A distribution switch that reports, over LLDP, a core switch, an access point and a phone on its ports. */
  const dist = {
    name: 'dist-1',
    mac: '00:1b:54:00:00:10',
    description: 'Cisco IOS Software, Catalyst L3 Switch Software (CAT9K_IOSXE), Version 17.9.4, RELEASE SOFTWARE',
    ip_addresses: [{ ip_address: '10.6.0.10', mac_address: '00:1b:54:00:00:10' }],
    interfaces: [
      lldpPort(
        1,
        'core-a',
        '00:1b:54:00:00:01',
        ['Bridge', 'Router'],
        'Arista Networks EOS version 4.31.2F running on an Arista Networks DCS-7050SX3-48YC8',
      ),
      lldpPort(2, 'ap-3f-12', '00:0b:86:00:00:02', ['WlanAccessPoint'], 'ArubaOS Version 8.10.0.6'),
      lldpPort(3, 'desk-phone', '80:5e:c0:00:00:03', ['Telephone', 'Bridge'], 'Yealink SIP-T54W'),
    ],
  };
  const neighbour = (name: string, mac: string, ip: string, extra: object = {}) => ({
    name,
    mac,
    ip_addresses: [{ ip_address: ip, mac_address: mac }],
    ...extra,
  });

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.6.0.0/24' }), 201);
  });

  it('guesses type, vendor and OS from what the batch says, with the evidence of each', async () => {
    expectOk(
      await observe([
        dist,
        neighbour('core-a', '00:1b:54:00:00:01', '10.6.0.1'),
        neighbour('ap-3f-12', '00:0b:86:00:00:02', '10.6.0.2'),
        neighbour('desk-phone', '80:5e:c0:00:00:03', '10.6.0.3'),
        neighbour('printer-2', '00:00:aa:00:00:04', '10.6.0.4', {
          ports: [{ number: 9100, protocol: 'Tcp', type: 'Printer' }],
          services: [{ name: 'Printer', service_definition: 'Printer', port: 9100 }],
        }),
        neighbour('web-1', '02:00:00:00:00:05', '10.6.0.5', {
          ports: [{ number: 443, protocol: 'Tcp', type: 'Https' }],
          services: [{ name: 'Nginx', service_definition: 'Nginx', port: 443 }],
        }),
      ]),
    );
    const d = await byName('dist-1');
    expect(d).toMatchObject({ device_type: 'Switch', vendor: 'Cisco', os: 'IOS 17.9.4', model: null, location: null });
    expect(d.identity_sources.device_type.source).toBe('Inferred');
    expect(d.identity_sources.device_type.evidence).toEqual(['3 interfaces lead to other hosts', 'name dist-1']);
    expect(d.identity_sources.os.evidence[0]).toMatch(/^system description: Cisco IOS Software/);
    expect(d.identity_sources.model).toBeUndefined();

    const core = await byName('core-a');
    expect(core).toMatchObject({
      device_type: 'Switch',
      vendor: 'Arista',
      os: 'EOS 4.31.2F',
      model: 'DCS-7050SX3-48YC8',
    });
    expect(core.identity_sources.device_type.evidence).toEqual(
      expect.arrayContaining(['LLDP/CDP: a neighbour reports capabilities Bridge, Router']),
    );
    expect(await byName('ap-3f-12')).toMatchObject({ device_type: 'AccessPoint' });
    expect(await byName('desk-phone')).toMatchObject({ device_type: 'Phone' });
    expect(await byName('printer-2')).toMatchObject({ device_type: 'Printer', vendor: 'Xerox' });
    expect((await byName('printer-2')).identity_sources.vendor.evidence).toEqual([
      'MAC 00:00:aa registered to XEROX CORPORATION',
    ]);
    expect(await byName('web-1')).toMatchObject({ device_type: 'Server', vendor: null });
  });

  it('keeps what discovery read off a device over guesses, and a person’s value over both', async () => {
    const switchSeen = (extra: object) =>
      observe([{ ...neighbour('edge-1', '02:00:00:00:01:01', '10.6.0.20'), ...extra }]);
    expectOk(
      await switchSeen({
        device_type: 'Router',
        model: 'ISR4431',
        identity_evidence: { model: 'ENTITY-MIB entPhysicalModelName' },
      }),
    );
    let edge = await byName('edge-1');
    expect(edge).toMatchObject({ device_type: 'Router', model: 'ISR4431' });
    expect(edge.identity_sources.model).toEqual({ source: 'Discovery', evidence: ['ENTITY-MIB entPhysicalModelName'] });

    // A person calls it a firewall and puts it in a rack (the form sends the host back as read, with the
    // fields changed): theirs, and discovery's next word changes neither.
    const edit = async (changes: object) =>
      expectOk(await as().put(`/api/v1/hosts/${edge.id}`, { ...(await byName('edge-1')), ...changes }));
    edge = await edit({ device_type: 'Firewall', location: 'HQ / Building A / MDF' });
    expect(edge).toMatchObject({ device_type: 'Firewall', location: 'HQ / Building A / MDF', model: 'ISR4431' });
    expect(edge.identity_sources.device_type).toEqual({ source: 'Manual', evidence: [] });
    expect(edge.identity_sources.model.source).toBe('Discovery');
    expectOk(await switchSeen({ device_type: 'Router', location: 'somewhere else', model: 'ISR4451' }));
    edge = await byName('edge-1');
    expect(edge).toMatchObject({ device_type: 'Firewall', location: 'HQ / Building A / MDF', model: 'ISR4451' });

    // The form sent back unchanged claims nothing new; null hands the field back to discovery.
    edge = await edit({});
    expect(edge.identity_sources.model.source).toBe('Discovery');
    edge = await edit({ device_type: null });
    expect(edge.identity_sources.device_type).toBeUndefined();
    expect(edge.device_type).toBe('Unknown');
    expectOk(await switchSeen({ device_type: 'Router' }));
    expect(await byName('edge-1')).toMatchObject({ device_type: 'Router', location: 'HQ / Building A / MDF' });
  });

  it('versions identity with the host: as of an instant, in history, and an unchanged sighting writes nothing', async () => {
    const host = await addHost(ctx.http, org.owner.session, net, { name: 'nas-1', device_type: 'Storage' });
    expect(host).toMatchObject({ device_type: 'Storage', identity_sources: { device_type: { source: 'Manual' } } });
    const before = new Date().toISOString();
    expectOk(await as().put(`/api/v1/hosts/${host.id}`, { network_id: net, name: 'nas-1', device_type: 'Server' }));
    const then = expectOk(await as().get(`/api/v1/hosts/${host.id}?at=${encodeURIComponent(before)}`));
    expect(then.device_type).toBe('Storage');
    const history = expectOk(await as().get(`/api/v1/hosts/${host.id}/history`));
    expect(history.map((v: Host) => v.device_type)).toEqual(['Server', 'Storage']);

    const versions = async () =>
      (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM hosts WHERE organization_id = $1`, [org.id]))[0].n;
    expectOk(await observe([dist]));
    const written = await versions();
    expectOk(await observe([dist]));
    expect(await versions()).toBe(written);
  });

  it('filters the list by device type and vendor, and answers the filter in the total', async () => {
    await addHost(ctx.http, org.owner.session, net, { name: 'a', device_type: 'Switch', vendor: 'Cisco' });
    await addHost(ctx.http, org.owner.session, net, { name: 'b', device_type: 'Switch', vendor: 'Arista' });
    await addHost(ctx.http, org.owner.session, net, { name: 'c', device_type: 'Printer' });
    const names = async (query: string) => (await hosts(`&order_by=name${query}`)).map((h) => h.name);
    expect(await names('&device_type=Switch')).toEqual(['a', 'b']);
    expect(await names('&device_type=Switch,Printer&vendor=cisco')).toEqual(['a']);
    expect(await names('&device_type=Switch&device_type=Printer')).toEqual(['a', 'b', 'c']);
    const page = await as().get(`/api/v1/hosts?network_id=${net}&device_type=Switch&limit=1`);
    expect(page.body.meta.pagination).toMatchObject({ total_count: 2, has_more: true });
    const limitless = await as().get(`/api/v1/hosts?network_id=${net}&vendor=Arista&limit=0`);
    expect(limitless.body.data.map((h: Host) => h.name)).toEqual(['b']);
    expect(limitless.body.meta.pagination.total_count).toBe(1);
  });

  it('refuses unknown types, long texts and evidence for fields it does not know, writing nothing', async () => {
    const fields = (reply: Awaited<ReturnType<typeof observe>>) =>
      expectError(reply, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field);
    expect(fields(await as().post('/api/v1/hosts', { network_id: net, name: 'x', device_type: 'Toaster' }))).toEqual([
      'device_type',
    ]);
    expect(fields(await as().post('/api/v1/hosts', { network_id: net, name: 'x', os: 'w'.repeat(256) }))).toEqual([
      'os',
    ]);
    expect(fields(await observe([{ ...dist, identity_evidence: { colour: 'red' } }]))).toEqual([
      'hosts.0.identity_evidence.colour',
    ]);
    expect(fields(await as().get(`/api/v1/hosts?device_type=Toaster`))).toEqual(['device_type']);
    expect(await hosts()).toEqual([]);
  });
});

function lldpPort(index: number, sysName: string, chassis: string, capabilities: string[], sysDesc: string) {
  return {
    if_index: index,
    if_name: `GigabitEthernet1/0/${index}`,
    mac_address: `00:1b:54:00:10:0${index}`,
    lldp_chassis_id: chassis,
    lldp_port_id: 'eth0',
    lldp_sys_name: sysName,
    lldp_sys_desc: sysDesc,
    neighbor_capabilities: capabilities,
  };
}
