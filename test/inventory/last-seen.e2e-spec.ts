import { randomUUID } from 'node:crypto';
import { expectOk } from '../support/http';
import { type Host, addSubnet } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

/** The host and each of its children, flattened: [kind, record]. */
const records = (host: Host): [string, Host][] => [
  ['host', host],
  ...(['ip_addresses', 'ports', 'services', 'interfaces'] as const).flatMap((kind) =>
    (host[kind] as Host[]).map((child): [string, Host] => [kind, child]),
  ),
  ...(host.services as Host[]).flatMap((s) => (s.bindings as Host[]).map((b): [string, Host] => ['bindings', b])),
];

describe('last_seen_at', () => {
  const ctx = useTestApp();

  it('is the creation time of a manual host and of each child nobody observed, in every read', async () => {
    const org = await registerOrg(ctx.http);
    const me = ctx.http.as(org.owner.session);
    const net = await addNetwork(ctx.http, org.owner.session);
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.9.0.0/24');
    const ids = { ip: randomUUID(), port: randomUUID() };
    const created: Host = expectOk(
      await me.post('/api/v1/hosts', {
        network_id: net,
        name: 'manual',
        ip_addresses: [{ id: ids.ip, subnet_id: subnet, ip_address: '10.9.0.5' }],
        ports: [{ id: ids.port, number: 22, protocol: 'Tcp', type: 'Ssh' }],
        services: [
          {
            name: 'sshd',
            service_definition: 'OpenSSH',
            bindings: [{ type: 'Port', ip_address_id: ids.ip, port_id: ids.port }],
          },
        ],
        interfaces: [{ if_index: 1, if_name: 'eth0', ip_address_id: ids.ip }],
      }),
      201,
    );
    const at = encodeURIComponent(new Date(Date.parse(created.created_at) + 1).toISOString());
    const reads: Host[] = [
      created,
      expectOk(await me.get(`/api/v1/hosts/${created.id}`)),
      expectOk(await me.get(`/api/v1/hosts?include_children=true`))[0],
      expectOk(await me.get(`/api/v1/hosts?include_children=true&at=${at}`))[0],
    ];
    for (const host of reads) {
      const kinds = records(host);
      expect(kinds.map(([kind]) => kind)).toEqual([
        'host',
        'ip_addresses',
        'ports',
        'services',
        'interfaces',
        'bindings',
      ]);
      for (const [kind, record] of kinds)
        expect({ kind, last_seen_at: record.last_seen_at }).toEqual({ kind, last_seen_at: record.created_at });
    }
    const [version] = expectOk(await me.get(`/api/v1/hosts/${created.id}/history`)) as Host[];
    expect(version.last_seen_at).toBe(version.created_at);
    const sorted = expectOk(await me.get('/api/v1/hosts?order_by=last_seen_at'));
    expect(sorted.map((h: Host) => h.id)).toEqual([created.id]);
  });
});
