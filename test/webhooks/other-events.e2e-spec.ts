import { startRun, waitForRun } from '../discovery/discovery-helpers';
import { addHost, addSubnet, setSeen } from '../support/hosts';
import { expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { Receiver } from './receiver';
import { DELIVERING_ENV, webhookBody } from './webhook-helpers';

describe('webhooks: link.added, link.removed, host.stale and discovery.run.finished', () => {
  const ctx = useTestApp({
    env: {
      ...DELIVERING_ENV,
      WEBHOOK_STALE_CHECK_INTERVAL_MS: '200',
      DISCOVERY_ALLOWED_CIDRS: '127.67.0.0/24',
      DISCOVERY_WORKER: 'true',
    },
  });
  const receivers: Receiver[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  async function setup(events: string[], network: Record<string, unknown> = {}) {
    const r = await new Receiver().start();
    receivers.push(r);
    const org = await registerOrg(ctx.http);
    const networkId = await addNetwork(ctx.http, org.owner.session, network);
    expectOk(await ctx.http.as(org.owner.session).post('/api/v1/webhooks', webhookBody(r.url, { events })), 201);
    return { r, org, networkId, as: ctx.http.as(org.owner.session) };
  }

  it('a link drawn by hand is one link.added; taking it away is one link.removed', async () => {
    const { r, org, networkId, as } = await setup(['link.added', 'link.removed']);
    const sw = await addHost(ctx.http, org.owner.session, networkId, {
      name: 'switch',
      interfaces: [{ if_index: 1, if_name: 'ge-0/0/1' }],
    });
    const swPort = { host_id: sw.id, interface_id: sw.interfaces[0].id };
    const server = await addHost(ctx.http, org.owner.session, networkId, {
      name: 'server',
      interfaces: [{ if_name: 'eth0', neighbor: swPort }],
    });
    const eth0 = { host_id: server.id, interface_id: server.interfaces[0].id };
    const ends = [eth0, swPort].sort((a, b) => a.interface_id.localeCompare(b.interface_id));
    await r.next(1);
    expectOk(
      await as.put(`/api/v1/hosts/${server.id}`, {
        network_id: networkId,
        name: 'server',
        interfaces: [{ id: eth0.interface_id, if_name: 'eth0', neighbor: null }],
      }),
    );
    await r.next(2);
    const events = r.received.map((q) => JSON.parse(q.body));
    expect(events.map((e) => [e.type, e.network_id, e.data])).toEqual([
      ['link.added', networkId, { link: { from: ends[0], to: ends[1] } }],
      ['link.removed', networkId, { link: { from: ends[0], to: ends[1] } }],
    ]);
  });

  it('a host whose network threshold passes with no sighting is announced as host.stale', async () => {
    const { r, org, networkId } = await setup(['host.stale'], { stale_after_hours: 1 });
    const host = await addHost(ctx.http, org.owner.session, networkId, { name: 'printer' });
    // Last seen almost an hour ago: it goes stale a moment from now, after the check has started looking.
    const lastSeen = new Date(Date.now() - 3_600_000 + 1_500);
    await setSeen(ctx.t.dataSource, host.id, { at: lastSeen });
    await r.next(1);
    const [event] = r.received.map((q) => JSON.parse(q.body));
    expect(event).toMatchObject({
      type: 'host.stale',
      network_id: networkId,
      data: {
        host: { id: host.id, network_id: networkId, name: 'printer' },
        last_seen_at: lastSeen.toISOString(),
        stale_since: new Date(lastSeen.getTime() + 3_600_000).toISOString(),
      },
    });
  });

  it('a discovery run that ends sends discovery.run.finished', async () => {
    const { r, org, networkId, as } = await setup(['discovery.run.finished']);
    await addSubnet(ctx.http, org.owner.session, networkId, '127.67.0.0/30');
    const run = await startRun(as, { network_id: networkId, targets: ['127.67.0.1'], ports: [1] });
    const ended = await waitForRun(as, run.id);
    await r.next(1);
    expect(JSON.parse(r.received[0].body)).toMatchObject({
      type: 'discovery.run.finished',
      network_id: networkId,
      data: { run: { id: run.id, network_id: networkId, status: ended.status, hosts_found: 0, error: null } },
    });
    expect(ended.status).toBe('completed');
  });
});
