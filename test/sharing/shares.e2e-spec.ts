import { expectError, expectOk, type Reply } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

describe('shares', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const pub = () => ctx.http.as();
  const replies: Reply[] = [];
  const keep = (reply: Reply) => (replies.push(reply), reply);

  beforeEach(async () => {
    org = await registerOrg(ctx.http, 'Secretive Org');
    net = await addNetwork(ctx.http, org.owner.session, { name: 'private-net' });
    const subnet = expectOk(await as().post('/api/v1/subnets', { network_id: net, cidr: '10.3.0.0/24' }), 201).id;
    expectOk(
      await as().post('/api/v1/hosts', {
        network_id: net,
        name: 'nas',
        ip_addresses: [{ subnet_id: subnet, ip_address: '10.3.0.5' }],
      }),
      201,
    );
    expectOk(
      await as().post('/api/v1/credentials', {
        name: 'snmp',
        organization_id: org.id,
        credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'community-secret-123' } },
        assigned_network_ids: [net],
        host_assignments: [],
        tags: [],
      }),
      201,
    );
  });

  it('creates with defaults and shows requires_password, never the password or its hash', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', { network_id: net, name: 'Wall display', password: 'let-me-in' }),
      201,
    );
    expect(share).toEqual({
      id: expect.any(String),
      network_id: net,
      name: 'Wall display',
      is_enabled: true,
      expires_at: null,
      allowed_domains: null,
      requires_password: true,
      enabled_views: ['L3Logical'],
      options: { show_export_button: true, show_inspect_panel: true, show_minimap: false, show_zoom_controls: true },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await ctx.t.dataSource.query(`SELECT password_hash FROM shares WHERE id = $1`, [share.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(expectOk(await as().get('/api/v1/shares')))).not.toContain('argon2');
    expect(expectOk(await as().get('/api/v1/organizations')).onboarding).toContain('FirstShareCreated');
    const updated = expectOk(
      await as().put(`/api/v1/shares/${share.id}`, {
        network_id: net,
        name: 'Renamed',
        password: null,
        options: { show_minimap: true },
      }),
    );
    expect(updated).toMatchObject({
      name: 'Renamed',
      requires_password: false,
      options: { show_minimap: true, show_export_button: true },
    });
    expect(expectOk(await as().delete(`/api/v1/shares/${share.id}`))).toEqual({});
    expectError(await pub().get(`/api/v1/shares/public/${share.id}`), 404, 'entity_not_found');
  });

  it('public metadata is exactly the spec Share; disabled 403, expired 403, unknown 404', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', {
        network_id: net,
        name: 'Public',
        enabled_views: ['L2Physical', 'L3Logical'],
      }),
      201,
    );
    const meta = expectOk(keep(await pub().get(`/api/v1/shares/public/${share.id}`)));
    expect(meta).toEqual({
      id: share.id,
      name: 'Public',
      enabled_views: ['L2Physical', 'L3Logical'],
      options: { show_export_button: true, show_inspect_panel: true, show_minimap: false, show_zoom_controls: true },
      requires_password: false,
    });
    expectOk(await as().put(`/api/v1/shares/${share.id}`, { network_id: net, name: 'Public', is_enabled: false }));
    expectError(await pub().get(`/api/v1/shares/public/${share.id}`), 403, 'entity_disabled');
    expectOk(
      await as().put(`/api/v1/shares/${share.id}`, {
        network_id: net,
        name: 'Public',
        is_enabled: true,
        expires_at: new Date(Date.now() - 1000).toISOString(),
      }),
    );
    expectError(await pub().get(`/api/v1/shares/public/${share.id}`), 403, 'entity_expired');
    expectError(await pub().get(`/api/v1/shares/public/00000000-0000-4000-8000-000000000000`), 404, 'entity_not_found');
    expectError(await pub().get(`/api/v1/shares/public/not-a-uuid`), 400, 'validation_failed');
  });

  it('allowed_domains: only pages on those hosts (by Origin, else Referer)', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', { network_id: net, name: 'Embedded', allowed_domains: ['Wiki.Example.com'] }),
      201,
    );
    expect(share.allowed_domains).toEqual(['wiki.example.com']);
    const url = `/api/v1/shares/public/${share.id}`;
    expectOk(await pub().get(url, { origin: 'https://wiki.example.com' }));
    expectOk(await pub().get(url, { referer: 'https://wiki.example.com:8443/page?x=1' }));
    expect(
      expectError(await pub().get(url, { origin: 'https://evil.example.net' }), 403, 'share_domain_not_allowed').params,
    ).toEqual({ origin: 'evil.example.net' });
    expectError(await pub().get(url), 403, 'share_domain_not_allowed');
    expectError(
      await pub().post(`${url}/topology`, { view: 'L3Logical' }, { origin: 'https://evil.example.net' }),
      403,
      'share_domain_not_allowed',
    );
  });

  it("allowed_domains: the app's own share page (same origin) may read it; other sites still may not", async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', { network_id: net, name: 'Embedded', allowed_domains: ['wiki.example.com'] }),
      201,
    );
    const url = `/api/v1/shares/public/${share.id}`;
    // A same-origin GET carries no Origin, and helmet's no-referrer leaves no Referer: Sec-Fetch-Site tells.
    expectOk(await pub().get(url, { 'sec-fetch-site': 'same-origin' }));
    // POSTs from the page carry the app's own Origin (inject's Host is localhost:80).
    expectOk(await pub().post(`${url}/topology`, { view: 'L3Logical' }, { origin: 'http://localhost' }));
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net' },
      { 'sec-fetch-site': 'same-site', origin: 'https://localhost.example.net' },
      { origin: 'http://localhost:8080' },
      { referer: 'https://evil.example.net/localhost' },
    ];
    for (const headers of refused) {
      expectError(await pub().get(url, headers), 403, 'share_domain_not_allowed');
    }
  });

  it('allowed_domains saved in Unicode match the punycode host an Origin carries', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', { network_id: net, name: 'IDN', allowed_domains: ['bücher.example'] }),
      201,
    );
    expectOk(await pub().get(`/api/v1/shares/public/${share.id}`, { origin: 'https://xn--bcher-kva.example' }));
  });

  it('password shares: verify issues a token; wrong password 401; topology needs a valid token; a new password voids old tokens', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', { network_id: net, name: 'Locked', password: 'open sesame' }),
      201,
    );
    const base = `/api/v1/shares/public/${share.id}`;
    expectError(await pub().post(`${base}/verify`, { password: 'wrong' }), 401, 'share_password_incorrect');
    expectError(await pub().post(`${base}/topology`, { view: 'L3Logical' }), 401, 'share_password_required');
    expectError(
      await pub().post(`${base}/topology`, { view: 'L3Logical', access_token: 'forged.token' }),
      401,
      'share_token_invalid',
    );
    const { access_token } = expectOk(keep(await pub().post(`${base}/verify`, { password: 'open sesame' })));
    const graph = expectOk(keep(await pub().post(`${base}/topology`, { view: 'L3Logical', access_token })));
    expect(graph.nodes.map((n: { kind: string; label: string }) => [n.kind, n.label])).toEqual([
      ['subnet', '10.3.0.0/24'],
      ['host', 'nas'],
    ]);
    expectError(await pub().post(`${base}/topology`, { view: 'L2Physical', access_token }), 400, 'validation_failed');
    expectOk(await as().put(`/api/v1/shares/${share.id}`, { network_id: net, name: 'Locked', password: 'new secret' }));
    expectError(await pub().post(`${base}/topology`, { view: 'L3Logical', access_token }), 401, 'share_token_invalid');
  });

  it('tokens expire after 24 hours', async () => {
    const share = expectOk(await as().post('/api/v1/shares', { network_id: net, name: 'Locked', password: 'pw' }), 201);
    const base = `/api/v1/shares/public/${share.id}`;
    const { access_token } = expectOk(await pub().post(`${base}/verify`, { password: 'pw' }));
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 24 * 3600 * 1000 + 1000;
      expectError(
        await pub().post(`${base}/topology`, { view: 'L3Logical', access_token }),
        401,
        'share_token_invalid',
      );
    } finally {
      Date.now = realNow;
    }
    expectOk(await pub().post(`${base}/topology`, { view: 'L3Logical', access_token }));
  });

  it('management keeps to the network: a Member without it gets 404, a Viewer 403, another organization 404', async () => {
    const share = expectOk(await as().post('/api/v1/shares', { network_id: net, name: 'Mine' }), 201);
    const elsewhere = await addNetwork(ctx.http, org.owner.session);
    const member = await addUser(ctx.http, org.owner.session, 'Member', [elsewhere]);
    expectError(await ctx.http.as(member.session).get(`/api/v1/shares/${share.id}`), 404, 'entity_not_found');
    expect(expectOk(await ctx.http.as(member.session).get('/api/v1/shares'))).toEqual([]);
    expectError(
      await ctx.http.as(member.session).post('/api/v1/shares', { network_id: net, name: 'x' }),
      404,
      'entity_not_found',
    );
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [net]);
    expectError(await ctx.http.as(viewer.session).get('/api/v1/shares'), 403, 'auth_permission_denied');
    const other = await registerOrg(ctx.http);
    expectError(
      await ctx.http.as(other.owner.session).put(`/api/v1/shares/${share.id}`, { network_id: net, name: 'x' }),
      404,
      'entity_not_found',
    );
  });

  it('a plan without shared views refuses new shares and turns existing ones off', async () => {
    const share = expectOk(await as().post('/api/v1/shares', { network_id: net, name: 'Before' }), 201);
    expectOk(await as().put('/api/v1/organizations/plan', { type: 'Free' }));
    expect(
      expectError(await as().post('/api/v1/shares', { network_id: net, name: 'After' }), 402, 'plan_limit_reached')
        .params,
    ).toMatchObject({
      feature: 'share_views',
    });
    expectError(await pub().get(`/api/v1/shares/public/${share.id}`), 403, 'entity_disabled');
  });

  it('public answers carry no credentials, secrets, organization or user data', async () => {
    const share = expectOk(
      await as().post('/api/v1/shares', {
        network_id: net,
        name: 'Leak check',
        enabled_views: ['L3Logical', 'L2Physical', 'Workloads', 'Application'],
      }),
      201,
    );
    for (const view of ['L3Logical', 'L2Physical', 'Workloads', 'Application']) {
      expectOk(keep(await pub().post(`/api/v1/shares/public/${share.id}/topology`, { view })));
    }
    expectOk(keep(await pub().get(`/api/v1/shares/public/${share.id}`)));
    const text = JSON.stringify(replies.map((r) => r.body.data));
    for (const secret of [
      'community-secret-123',
      org.id,
      org.owner.id,
      org.owner.email,
      'Secretive Org',
      'private-net',
      'argon2',
      'open sesame',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
