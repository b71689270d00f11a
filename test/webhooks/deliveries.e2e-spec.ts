import { addHost } from '../support/hosts';
import { expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { Receiver, verifySignature } from './receiver';
import { DELIVERING_ENV, deliveriesWhen, webhookBody } from './webhook-helpers';

describe('webhooks: deliveries to a loopback receiver (WEBHOOK_ALLOWED_CIDRS=127.0.0.0/8)', () => {
  const ctx = useTestApp({ env: DELIVERING_ENV });
  const receivers: Receiver[] = [];
  const receiver = async (plan: ConstructorParameters<typeof Receiver>[0] = []) => {
    const r = await new Receiver(plan).start();
    receivers.push(r);
    return r;
  };
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  async function setup(url: string, extra: Record<string, unknown> = {}) {
    const org = await registerOrg(ctx.http);
    const network = await addNetwork(ctx.http, org.owner.session);
    const hook = expectOk(await ctx.http.as(org.owner.session).post('/api/v1/webhooks', webhookBody(url, extra)), 201);
    return { org, network, hook, as: ctx.http.as(org.owner.session) };
  }

  it('a host created through the API is delivered as host.created, signed with the secret', async () => {
    const r = await receiver();
    const { org, network, hook } = await setup(r.url);
    const host = await addHost(ctx.http, org.owner.session, network, { name: 'web-1', hostname: 'web-1.lan' });
    await r.next(1);
    const [request] = r.received;
    const event = JSON.parse(request.body);
    expect(event).toEqual({
      id: expect.any(String),
      type: 'host.created',
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      organization_id: org.id,
      network_id: network,
      data: { host: { id: host.id, network_id: network, name: 'web-1', hostname: 'web-1.lan' } },
    });
    expect(request.headers['netatlas-event-id']).toBe(event.id);
    expect(request.headers['netatlas-event-type']).toBe('host.created');
    const signature = String(request.headers['netatlas-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, signature, request.body)).toBe(true);
    expect(verifySignature(hook.secret.replace(/.$/, 'x'), signature, request.body)).toBe(false);
    expect(verifySignature(hook.secret, signature, request.body.replace('web-1', 'web-2'))).toBe(false);

    const [logged] = await deliveriesWhen(
      ctx.http,
      org.owner.session,
      hook.id,
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(logged).toMatchObject({
      event_id: event.id,
      event_type: 'host.created',
      attempt: 1,
      status_code: 200,
      error: null,
      next_retry_at: null,
    });
    expect(logged.duration_ms).toEqual(expect.any(Number));
  });

  it('changes and deletes are host.changed and host.deleted; types not subscribed are not sent', async () => {
    const r = await receiver();
    const { org, network, as } = await setup(r.url, { events: ['host.changed', 'host.deleted'] });
    const host = await addHost(ctx.http, org.owner.session, network, { name: 'db-1' });
    expectOk(await as.put(`/api/v1/hosts/${host.id}`, { network_id: network, name: 'db-1-renamed' }));
    expectOk(await as.delete(`/api/v1/hosts/${host.id}`));
    await r.next(2);
    // Deliveries may arrive out of order (docs/webhooks.md): a receiver orders them by occurred_at.
    const events = r.received.map((q) => JSON.parse(q.body)).sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
    expect(events.map((e) => [e.type, e.data.host.id, e.data.host.name])).toEqual([
      ['host.changed', host.id, 'db-1-renamed'],
      ['host.deleted', host.id, 'db-1-renamed'],
    ]);
  });

  it('retries after 500s with a growing wait, then succeeds; the log shows each attempt', async () => {
    const r = await receiver([{ status: 500 }, { status: 500 }, { status: 200 }]);
    const { org, network, hook } = await setup(r.url);
    await addHost(ctx.http, org.owner.session, network);
    await r.next(3);
    const rows = await deliveriesWhen(ctx.http, org.owner.session, hook.id, (all) => all[2]?.status === 'succeeded');
    expect(rows.map((d) => [d.attempt, d.status, d.status_code])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'succeeded', 200],
    ]);
    expect(rows[0].error).toBe('HTTP 500: receiver says no');
    expect(new Set(rows.map((d) => d.event_id)).size).toBe(1);
    expect(rows[0].next_retry_at).not.toBeNull();
    expect(rows[2].next_retry_at).toBeNull();
    // Each attempt waits at least WEBHOOK_RETRY_BASE_MS * 2^(n-1) after the one before.
    expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(200);
    expect(r.received[2].at - r.received[1].at).toBeGreaterThanOrEqual(400);
    expect(new Set(r.received.map((q) => q.headers['netatlas-event-id'])).size).toBe(1);
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS', async () => {
    const r = await receiver([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }]);
    const { org, network, hook } = await setup(r.url);
    await addHost(ctx.http, org.owner.session, network);
    const rows = await deliveriesWhen(ctx.http, org.owner.session, hook.id, (all) => all[2]?.status === 'failed');
    expect(rows.map((d) => [d.attempt, d.status, d.status_code, d.next_retry_at === null])).toEqual([
      [1, 'failed', 503, false],
      [2, 'failed', 503, false],
      [3, 'failed', 503, true],
    ]);
    expect(r.received).toHaveLength(3);
  });

  it('does not follow a redirect: a 3xx is a failed delivery and the location gets nothing', async () => {
    const elsewhere = await receiver();
    const r = await receiver([{ status: 302, headers: { location: elsewhere.url } }]);
    const { org, network, hook } = await setup(r.url);
    await addHost(ctx.http, org.owner.session, network);
    const [first] = await deliveriesWhen(ctx.http, org.owner.session, hook.id, (all) => all[0]?.status === 'failed');
    expect(first).toMatchObject({ attempt: 1, status_code: 302, error: 'HTTP 302: Redirects are not followed' });
    expect(elsewhere.received).toEqual([]);
  });

  it('checks the destination again at each delivery: a URL saved under a wider policy is refused, never connected', async () => {
    const r = await receiver();
    const { org, network, hook } = await setup(r.url);
    // As if saved while WEBHOOK_ALLOWED_CIDRS allowed 10/8: the policy now in force no longer does.
    await ctx.t.dataSource.query(`UPDATE webhooks SET url = $2 WHERE organization_id = $1 AND id = $3`, [
      org.id,
      'http://10.255.255.1/hook',
      hook.id,
    ]);
    await addHost(ctx.http, org.owner.session, network);
    const [first] = await deliveriesWhen(ctx.http, org.owner.session, hook.id, (all) => all[0]?.status === 'failed');
    expect(first).toMatchObject({
      attempt: 1,
      status_code: null,
      error: 'Refused: 10.255.255.1 is a loopback, link-local, private or reserved address',
    });
    expect(r.received).toEqual([]);
  });

  it('the test event reaches the receiver and the log; a disabled webhook gets no host events', async () => {
    const r = await receiver();
    const { org, network, hook, as } = await setup(r.url);
    expectOk(await as.put(`/api/v1/webhooks/${hook.id}`, webhookBody(r.url, { enabled: false })));
    await addHost(ctx.http, org.owner.session, network);
    const sent = expectOk(await as.post(`/api/v1/webhooks/${hook.id}/test`), 202);
    expect(sent.event).toMatchObject({
      type: 'webhook.test',
      organization_id: org.id,
      network_id: null,
      data: { webhook_id: hook.id },
    });
    const rows = await deliveriesWhen(
      ctx.http,
      org.owner.session,
      hook.id,
      (all) => all.length > 0 && all[0].status !== 'pending',
    );
    // Disabled: the test event is tried and logged as refused, and the host was never queued for it.
    expect(rows.map((d) => [d.id, d.event_type, d.status, d.error])).toEqual([
      [sent.delivery_id, 'webhook.test', 'failed', 'The webhook is disabled'],
    ]);

    expectOk(await as.put(`/api/v1/webhooks/${hook.id}`, webhookBody(r.url, { enabled: true })));
    const again = expectOk(await as.post(`/api/v1/webhooks/${hook.id}/test`), 202);
    await r.next(1);
    expect(r.received.map((q) => JSON.parse(q.body).id)).toEqual([again.event.id]);
    expect(verifySignature(hook.secret, String(r.received[0].headers['netatlas-signature']), r.received[0].body)).toBe(
      true,
    );
  });
});
