import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';
import { webhookBody } from './webhook-helpers';

describe('webhooks: management and where deliveries may go (no WEBHOOK_ALLOWED_CIDRS)', () => {
  const ctx = useTestApp();

  it('CRUD: the secret is in the create and rotate answers only', async () => {
    const org = await registerOrg(ctx.http);
    const as = ctx.http.as(org.owner.session);
    const created = expectOk(await as.post('/api/v1/webhooks', webhookBody('https://93.184.215.14/hooks')), 201);
    expect(created).toMatchObject({
      organization_id: org.id,
      url: 'https://93.184.215.14/hooks',
      events: ['host.created', 'host.changed', 'host.deleted'],
      enabled: true,
      description: 'test receiver',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const read = expectOk(await as.get(`/api/v1/webhooks/${created.id}`));
    expect(read).not.toHaveProperty('secret');
    const listed = expectOk(await as.get('/api/v1/webhooks'));
    expect(listed.map((w: { id: string }) => w.id)).toEqual([created.id]);
    expect(listed[0]).not.toHaveProperty('secret');
    const stored = await ctx.t.dataSource.query(`SELECT secret_sealed FROM webhooks WHERE id = $1`, [created.id]);
    expect(stored[0].secret_sealed).not.toContain(created.secret.slice(6));

    const changed = expectOk(
      await as.put(
        `/api/v1/webhooks/${created.id}`,
        webhookBody('https://93.184.215.14/v2', { events: ['host.stale'], enabled: false }),
      ),
    );
    expect(changed).toMatchObject({ url: 'https://93.184.215.14/v2', events: ['host.stale'], enabled: false });
    expect(changed).not.toHaveProperty('secret');

    const rotated = expectOk(await as.post(`/api/v1/webhooks/${created.id}/rotate`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    expectOk(await as.delete(`/api/v1/webhooks/${created.id}`));
    expectError(await as.get(`/api/v1/webhooks/${created.id}`), 404, 'entity_not_found');
  });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
    ['private 10/8', 'http://10.1.2.3/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['a name resolving to loopback', 'http://localhost:9000/hook'],
  ])('refuses %s with 400 webhook_url_not_allowed, on create and on change', async (_name, url) => {
    const org = await registerOrg(ctx.http);
    const as = ctx.http.as(org.owner.session);
    const reply = await as.post('/api/v1/webhooks', webhookBody(url));
    expectError(reply, 400, 'webhook_url_not_allowed');
    expect(reply.body.params).toEqual({ url });
    const ok = expectOk(await as.post('/api/v1/webhooks', webhookBody('https://93.184.215.14/hooks')), 201);
    expectError(await as.put(`/api/v1/webhooks/${ok.id}`, webhookBody(url)), 400, 'webhook_url_not_allowed');
    expect(expectOk(await as.get(`/api/v1/webhooks/${ok.id}`)).url).toBe('https://93.184.215.14/hooks');
  });

  it('refuses a URL that is not http(s), and unknown event types', async () => {
    const org = await registerOrg(ctx.http);
    const as = ctx.http.as(org.owner.session);
    expectError(await as.post('/api/v1/webhooks', webhookBody('ftp://93.184.215.14/x')), 400, 'validation_failed');
    expectError(
      await as.post('/api/v1/webhooks', webhookBody('https://93.184.215.14/x', { events: ['host.exploded'] })),
      400,
      'validation_failed',
    );
    expectError(
      await as.post('/api/v1/webhooks', webhookBody('https://93.184.215.14/x', { events: [] })),
      400,
      'validation_failed',
    );
  });

  it("another organization's webhook is 404 on every route; a Viewer or Member is 403", async () => {
    const org = await registerOrg(ctx.http);
    const other = await registerOrg(ctx.http);
    const hook = expectOk(
      await ctx.http.as(org.owner.session).post('/api/v1/webhooks', webhookBody('https://93.184.215.14/hooks')),
      201,
    );
    const stranger = ctx.http.as(other.owner.session);
    expectError(await stranger.get(`/api/v1/webhooks/${hook.id}`), 404, 'entity_not_found');
    expectError(
      await stranger.put(`/api/v1/webhooks/${hook.id}`, webhookBody('https://93.184.215.14/x')),
      404,
      'entity_not_found',
    );
    expectError(await stranger.post(`/api/v1/webhooks/${hook.id}/rotate`), 404, 'entity_not_found');
    expectError(await stranger.post(`/api/v1/webhooks/${hook.id}/test`), 404, 'entity_not_found');
    expectError(await stranger.get(`/api/v1/webhooks/${hook.id}/deliveries`), 404, 'entity_not_found');
    expectError(await stranger.delete(`/api/v1/webhooks/${hook.id}`), 404, 'entity_not_found');
    expect(expectOk(await stranger.get('/api/v1/webhooks'))).toEqual([]);

    const network = await addNetwork(ctx.http, org.owner.session);
    for (const role of ['Viewer', 'Member'] as const) {
      const user = await addUser(ctx.http, org.owner.session, role, [network]);
      expectError(await ctx.http.as(user.session).get('/api/v1/webhooks'), 403, 'auth_permission_denied');
      expectError(
        await ctx.http.as(user.session).post('/api/v1/webhooks', webhookBody('https://93.184.215.14/x')),
        403,
        'auth_permission_denied',
      );
    }
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    expect(expectOk(await ctx.http.as(admin.session).get(`/api/v1/webhooks/${hook.id}`)).id).toBe(hook.id);
  });
});
