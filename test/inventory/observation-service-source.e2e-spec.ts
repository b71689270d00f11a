import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, type Org, registerOrg } from '../support/tenants';

/** POST /api/v1/discovery/observations: how a service was identified becomes its source, versioned. */
describe('observed services carry their source metadata', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const observe = (service: object) =>
    as().post('/api/v1/discovery/observations', {
      network_id: net,
      observed_at: new Date().toISOString(),
      hosts: [
        {
          ip_addresses: [{ ip_address: '10.6.0.10' }],
          ports: [{ number: 80, protocol: 'Tcp', type: 'Nginx' }],
          services: [{ name: 'Nginx', service_definition: 'Nginx', port: 80, ...service }],
        },
      ],
    });
  const nginx = (version: string) => ({
    source_metadata: { product: 'nginx', version, evidence: `Server: nginx/${version}` },
  });
  const liveService = async () => expectOk(await as().get(`/api/v1/hosts?network_id=${net}`))[0].services[0];
  const serviceRows = async () =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM services WHERE organization_id = $1`, [org.id]))[0]
      .n as number;

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.6.0.0/24' }), 201);
  });

  it('stores it as source {type: Discovery, metadata}; the same again writes nothing, a new version versions it', async () => {
    expectOk(await observe(nginx('1.25.3')));
    expect((await liveService()).source).toEqual({
      type: 'Discovery',
      metadata: { product: 'nginx', version: '1.25.3', evidence: 'Server: nginx/1.25.3' },
    });
    expect(await serviceRows()).toBe(1);

    expectOk(await observe(nginx('1.25.3')));
    expect(await serviceRows()).toBe(1);

    const before = new Date().toISOString();
    expectOk(await observe(nginx('1.27.0')));
    expect(await serviceRows()).toBe(2);
    expect((await liveService()).source.metadata).toMatchObject({ version: '1.27.0' });
    const then = expectOk(await as().get(`/api/v1/hosts?network_id=${net}&at=${encodeURIComponent(before)}`));
    expect(then[0].services[0].source.metadata).toMatchObject({ version: '1.25.3' });
  });

  it('leaves the source of a service observed without metadata as it was', async () => {
    expectOk(await observe(nginx('1.25.3')));
    expectOk(await observe({}));
    expect((await liveService()).source.metadata).toMatchObject({ version: '1.25.3' });
    expect(await serviceRows()).toBe(1);
  });

  it('refuses metadata without evidence, with texts over 255 characters or with fields it does not know', async () => {
    const fields = async (service: object) => [
      ...new Set(
        expectError(await observe(service), 400, 'validation_failed')
          .params.errors.map((e: { field: string }) => e.field)
          .sort(),
      ),
    ];
    expect(await fields({ source_metadata: { product: 'nginx' } })).toEqual([
      'hosts.0.services.0.source_metadata.evidence',
    ]);
    expect(await fields({ source_metadata: { evidence: 'x'.repeat(256), version: 'y'.repeat(256) } })).toEqual([
      'hosts.0.services.0.source_metadata.evidence',
      'hosts.0.services.0.source_metadata.version',
    ]);
    expect(await fields({ source_metadata: { evidence: 'port 80 only', confidence: 'low' } })).toEqual([
      'hosts.0.services.0.source_metadata.confidence',
    ]);
    expect(await serviceRows()).toBe(0);
  });
});
