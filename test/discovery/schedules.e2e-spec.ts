import { expectError, expectOk, HttpClient } from '../support/http';
import { addSubnet } from '../support/hosts';
import { createTestApp, useTestApp } from '../support/test-app';
import { addNetwork, type Org, registerOrg } from '../support/tenants';
import { waitForRun } from './discovery-helpers';

describe('discovery schedules', () => {
  const ctx = useTestApp({
    env: { DISCOVERY_ALLOWED_CIDRS: '127.66.0.0/16', DISCOVERY_SCHEDULER_INTERVAL_MS: '200', DISCOVERY_WORKER: 'true' },
  });
  let org: Org;
  let net: string;
  const as = () => ctx.http.as(org.owner.session);
  const body = (extra: object = {}) => ({
    network_id: net,
    name: 'nightly',
    cron: '30 2 * * *',
    targets: ['127.66.3.1'],
    ports: [9],
    ...extra,
  });

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, '127.66.0.0/16');
  });

  it('creates, lists, gets and deletes schedules, with the next run time in UTC', async () => {
    const created = expectOk(await as().post('/api/v1/discovery/schedules', body()), 201);
    const next = new Date();
    next.setUTCHours(2, 30, 0, 0);
    if (next <= new Date()) next.setUTCDate(next.getUTCDate() + 1);
    expect(created).toEqual({
      id: expect.any(String),
      network_id: net,
      name: 'nightly',
      cron: '30 2 * * *',
      enabled: true,
      targets: ['127.66.3.1'],
      ports: [9],
      snmp: false,
      timeout_ms: 1000,
      concurrency: 512,
      next_run_at: next.toISOString(),
      last_run_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(expectOk(await as().get(`/api/v1/discovery/schedules?network_id=${net}`))).toEqual([created]);
    expect(expectOk(await as().get(`/api/v1/discovery/schedules/${created.id}`))).toEqual(created);
    expectOk(await as().delete(`/api/v1/discovery/schedules/${created.id}`));
    expectError(await as().get(`/api/v1/discovery/schedules/${created.id}`), 404, 'entity_not_found');
    expectError(await as().delete(`/api/v1/discovery/schedules/${created.id}`), 404, 'entity_not_found');
  });

  it('refuses bad cron expressions and targets with the field named', async () => {
    for (const cron of ['* * * *', '0 * * * * *', '61 * * * *', 'nightly']) {
      const error = expectError(
        await as().post('/api/v1/discovery/schedules', body({ cron })),
        400,
        'validation_failed',
      );
      expect(error.params.errors[0].field).toBe('cron');
    }
    const error = expectError(
      await as().post('/api/v1/discovery/schedules', body({ targets: ['10.0.0.1'] })),
      400,
      'validation_failed',
    );
    expect(error.params.errors[0]).toMatchObject({ field: 'targets[0]', rule: 'in_subnets' });
    expect(expectOk(await as().get(`/api/v1/discovery/schedules?network_id=${net}`))).toEqual([]);
  });

  it('a due schedule starts a run and moves to its next time; disabled ones wait', async () => {
    const due = expectOk(await as().post('/api/v1/discovery/schedules', body({ cron: '*/5 * * * *' })), 201);
    const disabled = expectOk(await as().post('/api/v1/discovery/schedules', body({ enabled: false })), 201);
    await ctx.t.dataSource.query(
      `UPDATE discovery_schedules SET next_run_at = now() - interval '1 minute' WHERE id = ANY ($1)`,
      [[due.id, disabled.id]],
    );
    let schedule = due;
    for (let i = 0; i < 100 && !schedule.last_run_id; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      schedule = expectOk(await as().get(`/api/v1/discovery/schedules/${due.id}`));
    }
    expect(new Date(schedule.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(schedule.next_run_at).getUTCMinutes() % 5).toBe(0);
    const run = await waitForRun(as(), schedule.last_run_id);
    expect(run).toMatchObject({ status: 'completed', schedule_id: due.id, targets: ['127.66.3.1'], ports: [9] });
    const runs = expectOk(await as().get(`/api/v1/discovery/runs?network_id=${net}`));
    expect(runs.map((r: { id: string }) => r.id)).toEqual([run.id]);
    expect(expectOk(await as().get(`/api/v1/discovery/schedules/${disabled.id}`)).last_run_id).toBeNull();
  });
});

describe('discovery without DISCOVERY_ALLOWED_CIDRS', () => {
  it('refuses every run: discovery is off', async () => {
    const t = await createTestApp();
    try {
      const http = new HttpClient(t.app);
      const org = await registerOrg(http);
      const net = await addNetwork(http, org.owner.session);
      await addSubnet(http, org.owner.session, net, '127.66.0.0/16');
      const reply = await http
        .as(org.owner.session)
        .post('/api/v1/discovery/runs', { network_id: net, targets: ['127.66.0.2'], ports: [22] });
      expect(expectError(reply, 400, 'validation_failed').params.errors).toEqual([
        {
          field: 'targets',
          rule: 'discovery_disabled',
          message: 'Discovery is off here: DISCOVERY_ALLOWED_CIDRS is not set',
        },
      ]);
    } finally {
      await t.close();
    }
  });
});
