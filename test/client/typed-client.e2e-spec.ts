import { createTestApp, type TestApp } from '../support/test-app';
import { typedClient } from '../support/typed-client';

/** The main flows as an integrator writes them: through the client typed from client/openapi.json. */
describe('the typed client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers, builds a network with a host, reads it back and the map, then works by API key', async () => {
    const web = typedClient(t.app);
    const email = `owner-${Date.now()}@example.com`;
    const registered = await web.POST('/api/auth/register', {
      body: { email, password: 'correct-horse-9', name: 'Owner', organization_name: 'Typed Co' },
    });
    expect(registered.response.status).toBe(201);
    expect(registered.data?.data.email).toBe(email);

    const network = (await web.POST('/api/v1/networks', { body: { name: 'office' } })).data!.data;
    const subnet = (await web.POST('/api/v1/subnets', { body: { network_id: network.id, cidr: '10.9.0.0/24' } })).data!
      .data;
    const created = await web.POST('/api/v1/hosts', {
      body: {
        network_id: network.id,
        name: 'nas',
        ip_addresses: [{ subnet_id: subnet.id, ip_address: '10.9.0.5' }],
        ports: [{ number: 445, protocol: 'Tcp', type: 'Custom' }],
      },
    });
    expect(created.response.status).toBe(201);

    const listed = await web.GET('/api/v1/hosts', { params: { query: { network_id: network.id } } });
    expect(listed.data?.data.map((h) => [h.name, h.ip_addresses[0].ip_address, h.ports[0].number])).toEqual([
      ['nas', '10.9.0.5', 445],
    ]);
    expect(listed.data?.meta.pagination).toMatchObject({ total_count: 1, has_more: false });
    const map = await web.GET('/api/v1/topology', { params: { query: { network_id: network.id, view: 'L3Logical' } } });
    expect(map.data?.data.nodes.map((n) => n.kind).sort()).toEqual(['host', 'subnet']);

    const key = (await web.POST('/api/v1/auth/keys', { body: { name: 'automation', permissions: 'Member' } })).data!
      .data;
    const automation = typedClient(t.app, { authorization: `Bearer ${key.key}` });
    const byKey = await automation.GET('/api/v1/hosts', { params: { query: { search: 'nas' } } });
    expect(byKey.data?.data.map((h) => h.id)).toEqual([created.data!.data.id]);
    const refused = await automation.GET('/api/v1/auth/keys');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ success: false, code: 'auth_session_required' });
  });
});
