import { waitForRun } from '../discovery/discovery-helpers';
import { addSubnet, sleep } from '../support/hosts';
import { expectOk, type HttpClient } from '../support/http';
import { type Listener, listen } from '../support/loopback-network';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';

/** A run the scheduler starts is the schedule's doing, on behalf of whoever created the schedule. */
describe('audit trail: runs started by the scheduler', () => {
  const ctx = useTestApp({
    env: { DISCOVERY_ALLOWED_CIDRS: '127.69.0.0/16', DISCOVERY_SCHEDULER_INTERVAL_MS: '200', DISCOVERY_WORKER: 'true' },
  });
  // Something for the scheduled runs to find, so that they ingest.
  let ssh: Listener;
  beforeAll(async () => (ssh = await listen('127.69.0.1', 'ssh')));
  afterAll(() => ssh.close());

  async function setup() {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, net, '127.69.0.0/16');
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    const schedule = expectOk(
      await ctx.http.as(admin.session).post('/api/v1/discovery/schedules', {
        network_id: net,
        name: 'every five minutes',
        cron: '*/5 * * * *',
        targets: ['127.69.0.1'],
        ports: [ssh.port],
      }),
      201,
    );
    return { org, net, admin, schedule, as: ctx.http.as(org.owner.session) };
  }

  /** Makes the schedule due and waits for the scheduler to start its run; the run's id. */
  async function runStartedBy(as: HttpClient, scheduleId: string): Promise<string> {
    await ctx.t.dataSource.query(
      `UPDATE discovery_schedules SET next_run_at = now() - interval '1 minute' WHERE id = $1`,
      [scheduleId],
    );
    for (;;) {
      const { last_run_id } = expectOk(await as.get(`/api/v1/discovery/schedules/${scheduleId}`));
      if (last_run_id) return last_run_id;
      await sleep(100);
    }
  }

  it("names the schedule as the run's creator, with the schedule's creator as its user", async () => {
    const { net, admin, schedule, as } = await setup();
    const runId = await runStartedBy(as, schedule.id);
    const events = async (query: string) => expectOk(await as.get(`/api/v1/audit-events${query}`));

    const created = {
      actor: { type: 'discovery_schedule', id: schedule.id, user_id: admin.id },
      request_id: null,
      client_address: null,
      resource_type: 'discovery_run',
      resource_id: runId,
      action: 'create',
      network_id: net,
      before: null,
      after: expect.objectContaining({ id: runId, schedule_id: schedule.id, status: 'queued' }),
    };
    expect(await events(`?resource_type=discovery_run&resource_id=${runId}`)).toEqual([
      expect.objectContaining(created),
    ]);
    // The schedule moving on to its next time is not a change anyone made: the run's creation is all it did.
    expect(await events(`?actor_type=discovery_schedule&actor_id=${schedule.id}`)).toEqual([
      expect.objectContaining(created),
    ]);
    expect(await waitForRun(as, runId)).toMatchObject({ status: 'completed', schedule_id: schedule.id });
    // What the run writes is the run's doing, for the same user.
    expect(await events(`?actor_type=discovery_run&actor_id=${runId}`)).toEqual([
      expect.objectContaining({
        actor: { type: 'discovery_run', id: runId, user_id: admin.id },
        action: 'observations.ingest',
        after: expect.objectContaining({ discovery_id: runId }),
      }),
    ]);
  });

  it('still names the schedule, with no user, once its creator has been deleted', async () => {
    const { net, admin, schedule, as } = await setup();
    expectOk(await as.delete(`/api/v1/users/${admin.id}`));
    const runId = await runStartedBy(as, schedule.id);
    const [created] = expectOk(await as.get(`/api/v1/audit-events?resource_type=discovery_run&resource_id=${runId}`));
    expect(created).toMatchObject({
      actor: { type: 'discovery_schedule', id: schedule.id, user_id: null },
      action: 'create',
      network_id: net,
    });
    expect(await waitForRun(as, runId)).toMatchObject({ status: 'completed', schedule_id: schedule.id });
  });
});
