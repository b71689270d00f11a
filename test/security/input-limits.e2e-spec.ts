import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, Org, PASSWORD, registerOrg } from '../support/tenants';

/** #17: inputs past what the database or the parser can hold answer 400 in the envelope and write nothing. */
describe('input limits', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const count = async (table: string) =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [org.id]))[0]
      .n as number;
  const raw = (payload: string | Buffer, url = '/api/auth/login', headers: Record<string, string> = {}) =>
    ctx.t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
  });

  describe('integers past their column', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['interfaces.0.if_index', { interfaces: [{ if_index: 2147483648 }] }, 'if_index'],
      ['interfaces.0.if_type', { interfaces: [{ if_type: 2 ** 40 }] }, 'if_type'],
      ['interfaces.0.speed_bps', { interfaces: [{ speed_bps: 1e20 }] }, 'speed_bps'],
      ['interfaces.0.speed_bps', { interfaces: [{ speed_bps: 2 ** 53 }] }, 'speed_bps'],
      ['interfaces.0.if_index', { interfaces: [{ if_index: -1 }] }, 'if_index'],
      ['ip_addresses.0.position', { ip_addresses: [{ position: 2 ** 31 }] }, 'position'],
      [
        'services.0.position',
        { services: [{ name: 's', service_definition: 'Nginx', position: 2 ** 31 }] },
        'position',
      ],
    ];
    it.each(cases)('POST /api/v1/hosts: %s answers 400 validation_out_of_range', async (field, body) => {
      const subnet = expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.9.0.0/16' }), 201).id;
      const withSubnet = JSON.parse(
        JSON.stringify(body).replace('"position"', `"subnet_id":"${subnet}","ip_address":"10.9.0.1","position"`),
      );
      const reply = await as().post('/api/v1/hosts', {
        network_id: net,
        name: 'h',
        ...(body.ip_addresses ? withSubnet : body),
      });
      const error = expectError(reply, 400, 'validation_out_of_range');
      expect(error.params.field).toBe(field);
      expect(await count('hosts')).toBe(0);
    });

    it('the largest values the columns hold are stored', async () => {
      const host = expectOk(
        await as().post('/api/v1/hosts', {
          network_id: net,
          name: 'big',
          interfaces: [{ if_index: 2147483647, if_type: 2147483647, speed_bps: Number.MAX_SAFE_INTEGER }],
        }),
        201,
      );
      expect(host.interfaces[0]).toMatchObject({ if_index: 2147483647, speed_bps: Number.MAX_SAFE_INTEGER });
    });

    it.each([
      ['if_index', 2147483648],
      ['if_type', 2 ** 40],
      ['speed_bps', 1e20],
    ])('observations: interfaces[].%s %d answers 400', async (name, value) => {
      const reply = await as().post('/api/v1/discovery/observations', {
        network_id: net,
        observed_at: new Date().toISOString(),
        hosts: [{ mac: '00:AA:BB:CC:DD:01', interfaces: [{ [name]: value }] }],
      });
      expect(expectError(reply, 400, 'validation_out_of_range').params.field).toBe(`hosts.0.interfaces.0.${name}`);
      expect(await count('hosts')).toBe(0);
    });
  });

  describe('dates outside what PostgreSQL holds', () => {
    const odd = [
      '-004714-01-01T00:00:00Z',
      '+294277-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '-271821-04-20T00:00:00Z',
    ];
    it.each(odd)('at=%s answers 400 naming at on all six routes that take it', async (at) => {
      const host = expectOk(await as().post('/api/v1/hosts', { network_id: net, name: 'h' }), 201);
      const q = `at=${encodeURIComponent(at)}`;
      for (const url of [
        `/api/v1/hosts?${q}`,
        `/api/v1/hosts/${host.id}?${q}`,
        `/api/v1/subnets?${q}`,
        `/api/v1/topology?network_id=${net}&${q}`,
        `/api/v1/dependencies?${q}`,
        `/api/v1/dependencies/${randomUUID()}?${q}`,
      ]) {
        const reply = await as().get(url);
        const error = expectError(reply, 400, 'validation_failed');
        expect(error.params.errors.map((e: { field: string }) => e.field)).toContain('at');
      }
    });

    it.each(odd)('expires_at=%s on a share and on an API key answers 400 and writes nothing', async (expires) => {
      const share = await as().post('/api/v1/shares', { network_id: net, name: 's', expires_at: expires });
      expect(expectError(share, 400, 'validation_failed').params.errors[0].field).toBe('expires_at');
      const key = await as().post('/api/v1/auth/keys', { name: 'k', expires_at: expires });
      expect(expectError(key, 400, 'validation_failed').params.errors[0].field).toBe('expires_at');
      expect(await count('shares')).toBe(0);
    });
  });

  describe('JSON bodies', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    it.each([33, 5_000, 100_000])(
      'nested %d deep answers 400 validation_failed, even on public login',
      async (depth) => {
        for (const url of ['/api/auth/login', '/api/v1/hosts']) {
          const body = `{"email":"a@b.c","password":${nested(depth)}}`;
          const res = await raw(body, url, { cookie: `session_id=${org.owner.session.cookie}` });
          expect(res.statusCode).toBe(400);
          const json = res.json();
          expect(json).toMatchObject({ success: false, code: 'validation_failed' });
          expect(json.params.errors[0]).toMatchObject({ field: 'body', rule: 'maxDepth' });
          expect(res.headers['x-request-id']).toBeTruthy();
        }
        expect(await count('hosts')).toBe(0);
      },
    );

    it('32 levels are parsed as usual; brackets inside strings do not count', async () => {
      const res = await raw(JSON.stringify({ email: 'nobody@example.test', password: '['.repeat(1000) }));
      expect(res.statusCode).toBe(401);
      const deep = await raw(`{"email":"a@b.c","password":${nested(31)}}`);
      expect(deep.statusCode).toBe(400);
      expect(deep.json().params.errors[0].field).toBe('password');
    });

    it('invalid UTF-8 answers 400 saying the body is not valid UTF-8 JSON', async () => {
      const body = Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(`","password":"${PASSWORD}"}`),
      ]);
      const res = await raw(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'validation_failed',
        error: 'body is not valid UTF-8 JSON',
        params: { errors: [{ field: 'body', rule: 'utf8' }] },
      });
      const created = await raw(
        Buffer.concat([Buffer.from(`{"network_id":"${net}","name":"`), Buffer.from([0xff]), Buffer.from('"}')]),
        '/api/v1/hosts',
        { cookie: `session_id=${org.owner.session.cookie}` },
      );
      expect(created.statusCode).toBe(400);
      expect(await count('hosts')).toBe(0);
    });

    it('valid UTF-8 (and a BOM-less multi-byte name) is stored as sent', async () => {
      const host = expectOk(await as().post('/api/v1/hosts', { network_id: net, name: 'hôte-✓-𝄞' }), 201);
      expect(host.name).toBe('hôte-✓-𝄞');
    });
  });
});
