import { ConfigError, loadConfig } from '../../src/common/config/app-config';
import { EventRetentionService, PRUNE_BATCH } from '../../src/modules/webhooks/application/event-retention.service';
import { parseEvents } from '../discovery/discovery-helpers';
import { addHost } from '../support/hosts';
import { type Credentials, expectOk } from '../support/http';
import { startServer } from '../support/server-process';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { type DeliveryRow, webhookBody } from './webhook-helpers';

jest.setTimeout(60_000);

describe('EVENTS_RETENTION_DAYS: the events outbox is pruned', () => {
  // Deliveries stay pending: no worker takes them (WEBHOOK_WORKER is off in tests).
  const ctx = useTestApp({ env: { EVENTS_RETENTION_DAYS: '7' } });

  const prune = () => ctx.t.app.get(EventRetentionService).prune();
  const age = (eventIds: string[], days: number) =>
    ctx.t.dataSource.query(`UPDATE events SET occurred_at = now() - make_interval(days => $2) WHERE id = ANY ($1)`, [
      eventIds,
      days,
    ]);
  const replay = async (who: Credentials, headers: Record<string, string> = {}) => {
    const reply = await ctx.http.as(who).get('/api/v1/events/stream?after=0&follow=false', headers);
    expect(reply.status).toBe(200);
    return parseEvents(reply.body as string) as { id: string; data: { id: string; data: { host: { id: string } } } }[];
  };

  it('deletes events past the retention, of every organization, and keeps newer ones and those still being delivered', async () => {
    const org = await registerOrg(ctx.http);
    const network = await addNetwork(ctx.http, org.owner.session);
    const as = ctx.http.as(org.owner.session);
    const hook = expectOk(await as.post('/api/v1/webhooks', webhookBody('https://93.184.215.14/hooks')), 201);
    const hosts: { id: string }[] = [];
    for (const name of ['delivered', 'failed', 'pending', 'recent'])
      hosts.push(await addHost(ctx.http, org.owner.session, network, { name }));
    const events = await replay(org.owner.session);
    expect(events.map((e) => e.data.data.host.id)).toEqual(hosts.map((h) => h.id));
    const eventIds = events.map((e) => e.data.id);
    // Each host.created went to the webhook: one pending delivery per event. Two are done by now.
    const log = expectOk(await as.get(`/api/v1/webhooks/${hook.id}/deliveries`)) as DeliveryRow[];
    expect(log.map((d) => [d.event_id, d.status]).sort()).toEqual(eventIds.map((id) => [id, 'pending']).sort());
    await ctx.t.dataSource.query(
      `UPDATE webhook_deliveries SET status = CASE event_id WHEN $1 THEN 'succeeded' ELSE 'failed' END
       WHERE event_id = ANY ($2)`,
      [eventIds[0], eventIds.slice(0, 2)],
    );
    await age(eventIds.slice(0, 3), 8);
    await age(eventIds.slice(3), 6);
    // Another organization's old event, without webhooks.
    const other = await registerOrg(ctx.http);
    const otherNetwork = await addNetwork(ctx.http, other.owner.session);
    await addHost(ctx.http, other.owner.session, otherNetwork);
    const [otherEvent] = await replay(other.owner.session);
    await age([otherEvent.data.id], 30);

    expect(await prune()).toBe(3);

    const left = await replay(org.owner.session);
    expect(left.map((e) => e.data.data.host.id)).toEqual([hosts[2].id, hosts[3].id]);
    expect(await replay(other.owner.session)).toEqual([]);
    // A client resuming after a pruned event gets what is still stored after it: the pruned ones are gone.
    expect((await replay(org.owner.session, { 'last-event-id': events[0].id })).map((e) => e.id)).toEqual(
      left.map((e) => e.id),
    );
    // The delivery log keeps its attempts (they hold their own copy of the event).
    expect(expectOk(await as.get(`/api/v1/webhooks/${hook.id}/deliveries`))).toHaveLength(4);
    // Once its delivery is done, the old pending one goes too.
    await ctx.t.dataSource.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE event_id = $1`, [
      eventIds[2],
    ]);
    expect(await prune()).toBe(1);
    expect((await replay(org.owner.session)).map((e) => e.data.data.host.id)).toEqual([hosts[3].id]);
    // The stream goes on: a new host arrives after what is left.
    const next = await addHost(ctx.http, org.owner.session, network, { name: 'after the prune' });
    expect((await replay(org.owner.session)).map((e) => e.data.data.host.id)).toEqual([hosts[3].id, next.id]);
  });

  it('deletes a backlog larger than one batch, batch after batch', async () => {
    const org = await registerOrg(ctx.http);
    const network = await addNetwork(ctx.http, org.owner.session);
    const backlog = PRUNE_BATCH * 2 + 17;
    await ctx.t.dataSource.query(
      `INSERT INTO events (organization_id, network_id, type, data, occurred_at)
       SELECT $1, $2, 'host.created', '{}', now() - interval '10 days' - make_interval(secs => i)
       FROM generate_series(1, $3) AS i`,
      [org.id, network, backlog],
    );
    expect(await prune()).toBe(backlog);
    expect(await replay(org.owner.session)).toEqual([]);
  });

  it('is not scheduled where discovery workers do not run', async () => {
    expect(await ctx.t.dataSource.query(`SELECT name FROM pgboss.schedule`)).toEqual([]);
  });
});

describe('the events prune job', () => {
  const ctx = useTestApp({ env: { DISCOVERY_WORKER: 'true' } });

  it('is scheduled daily with pg-boss where workers run', async () => {
    const rows = await ctx.t.dataSource.query(
      `SELECT name, cron, options->>'tz' AS tz FROM pgboss.schedule WHERE name = 'events-prune'`,
    );
    expect(rows).toEqual([{ name: 'events-prune', cron: '47 3 * * *', tz: 'UTC' }]);
  });
});

describe('EVENTS_RETENTION_DAYS validation', () => {
  it('takes 1..36500 days, 7 by default', () => {
    expect(loadConfig({}).eventsRetentionDays).toBe(7);
    expect(loadConfig({ EVENTS_RETENTION_DAYS: '90' }).eventsRetentionDays).toBe(90);
    for (const bad of ['0', '-1', '36501', '1.5', 'a week'])
      expect(() => loadConfig({ EVENTS_RETENTION_DAYS: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ EVENTS_RETENTION_DAYS: '0' })).toThrow(
      'Invalid configuration:\n  EVENTS_RETENTION_DAYS="0": EVENTS_RETENTION_DAYS must not be less than 1',
    );
  });

  it('a bad value stops the server at start, naming the setting', async () => {
    const server = startServer({ EVENTS_RETENTION_DAYS: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration:\n  EVENTS_RETENTION_DAYS="0": EVENTS_RETENTION_DAYS must not be less than 1',
    );
  });
});
