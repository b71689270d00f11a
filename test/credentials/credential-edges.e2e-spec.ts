import { randomUUID } from 'node:crypto';
import { expectOk } from '../support/http';
import { addHost, addSubnet, addTag } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';
import { expectInvalid } from './credential-helpers';

describe('credentials: edges', () => {
  const ctx = useTestApp();

  async function setup() {
    const org = await registerOrg(ctx.http);
    const as = ctx.http.as(org.owner.session);
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const n2 = await addNetwork(ctx.http, org.owner.session);
    const subnet = await addSubnet(ctx.http, org.owner.session, n1, '10.7.0.0/24');
    const body = (extra: object = {}) => ({
      name: `c-${randomUUID()}`,
      organization_id: org.id,
      credential_type: { type: 'SnmpV1', community: { mode: 'Inline', value: 'edge-secret' } },
      assigned_network_ids: [],
      host_assignments: [],
      tags: [],
      ...extra,
    });
    return { org, as, n1, n2, subnet, body };
  }

  it('a host shows only the credentials its caller may see', async () => {
    const { org, as, n1, n2, body } = await setup();
    const h1 = await addHost(ctx.http, org.owner.session, n1);
    const h2 = await addHost(ctx.http, org.owner.session, n2);
    const wide = expectOk(
      await as.post('/api/v1/credentials', body({ host_assignments: [{ host_id: h1.id }, { host_id: h2.id }] })),
      201,
    );
    const narrow = expectOk(
      await as.post('/api/v1/credentials', body({ host_assignments: [{ host_id: h1.id }] })),
      201,
    );
    const member = await addUser(ctx.http, org.owner.session, 'Member', [n1]);
    const seen = expectOk(await ctx.http.as(member.session).get(`/api/v1/hosts/${h1.id}`)).credential_assignments;
    expect(seen).toEqual([{ credential_id: narrow.id, ip_address_ids: null }]);
    const all = expectOk(await as.get(`/api/v1/hosts/${h1.id}`)).credential_assignments.map(
      (a: { credential_id: string }) => a.credential_id,
    );
    expect(all.sort()).toEqual([wide.id, narrow.id].sort());
  });

  it('an address that closes leaves the credential scope; a deleted tag leaves the credential', async () => {
    const { org, as, n1, subnet, body } = await setup();
    const ip1 = randomUUID();
    const ip2 = randomUUID();
    const ips = [
      { id: ip1, subnet_id: subnet, ip_address: '10.7.0.1' },
      { id: ip2, subnet_id: subnet, ip_address: '10.7.0.2' },
    ];
    const host = await addHost(ctx.http, org.owner.session, n1, { name: 'h', ip_addresses: ips });
    const tag = await addTag(ctx.http, org.owner.session);
    const credential = expectOk(
      await as.post(
        '/api/v1/credentials',
        body({ host_assignments: [{ host_id: host.id, ip_address_ids: [ip1, ip2] }], tags: [tag] }),
      ),
      201,
    );
    expectOk(await as.put(`/api/v1/hosts/${host.id}`, { network_id: n1, name: 'h', ip_addresses: [ips[0]] }));
    expectOk(await as.delete(`/api/v1/tags/${tag}`));
    const after = expectOk(await as.get(`/api/v1/credentials/${credential.id}`));
    expect(after.host_assignments).toEqual([{ host_id: host.id, ip_address_ids: [ip1] }]);
    expect(after.tags).toEqual([]);
    const { id: _id, created_at: _c, updated_at: _u, ...resent } = after;
    expectOk(await as.put(`/api/v1/credentials/${credential.id}`, resent));
  });

  it('an address the discovery ingest closes leaves the assignments that named it', async () => {
    const { org, as, n1, subnet, body } = await setup();
    const [ip1, ip2] = [randomUUID(), randomUUID()];
    const mac = '02:00:00:00:07:01';
    const host = await addHost(ctx.http, org.owner.session, n1, {
      name: 'h',
      ip_addresses: [
        { id: ip1, subnet_id: subnet, ip_address: '10.7.0.1', mac_address: mac },
        { id: ip2, subnet_id: subnet, ip_address: '10.7.0.2' },
      ],
    });
    const credential = expectOk(
      await as.post(
        '/api/v1/credentials',
        body({ host_assignments: [{ host_id: host.id, ip_address_ids: [ip1, ip2] }] }),
      ),
      201,
    );
    const observed = { mac, ip_addresses: [{ ip_address: '10.7.0.1', mac_address: mac }] };
    expectOk(
      await as.post('/api/v1/discovery/observations', {
        network_id: n1,
        observed_at: new Date().toISOString(),
        hosts: [observed],
      }),
    );
    const after = expectOk(await as.get(`/api/v1/credentials/${credential.id}`));
    expect(after.host_assignments).toEqual([{ host_id: host.id, ip_address_ids: [ip1] }]);
  });

  it('refuses NUL characters, extra secret keys and fields the security level does not use; reports every bad field at once', async () => {
    const { as, body } = await setup();
    expectInvalid(await as.post('/api/v1/credentials', body({ name: 'nul\u0000name' })), 'body');
    expectInvalid(
      await as.post(
        '/api/v1/credentials',
        body({ credential_type: { type: 'SnmpV1', community: { mode: 'Inline', value: 'x', path: '/etc' } } }),
      ),
      'credential_type.community.path',
    );
    expectInvalid(
      await as.post(
        '/api/v1/credentials',
        body({
          credential_type: {
            type: 'SnmpV3',
            security_name: 'u',
            security_level: 'noAuthNoPriv',
            auth_protocol: 'Sha1',
            auth_password: { mode: 'Inline', value: 'p' },
          },
        }),
      ),
      'credential_type.auth_protocol',
      'credential_type.auth_password',
    );
    expectInvalid(
      await as.post('/api/v1/credentials', body({ assigned_network_ids: [randomUUID()], tags: [randomUUID()] })),
      'assigned_network_ids[0]',
      'tags',
    );
    const inside = await as.post(
      '/api/v1/credentials',
      body({ credential_type: { type: 'SnmpV1', community: { mode: 'FilePath', path: '..community.txt' } } }),
    );
    expect(expectOk(inside, 201).credential_type.community.path).toMatch(/\/\.\.community\.txt$/);
  });
});
