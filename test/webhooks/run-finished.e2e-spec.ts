import { RunWorker } from '../../src/modules/discovery/application/run-worker.service';
import { parseEvents, startRun, waitForRun } from '../discovery/discovery-helpers';
import { addSubnet } from '../support/hosts';
import { expectError, expectOk, type HttpClient } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { Receiver } from './receiver';
import { DELIVERING_ENV, webhookBody } from './webhook-helpers';

const ALLOWED = '127.68.0.0/16';

/** A run long enough to cancel while a worker runs it (every address refuses at once, 512k times). */
const longScan = (networkId: string) => ({
  network_id: networkId,
  targets: ['127.68.1.0/24'],
  ports: Array.from({ length: 2000 }, (_, i) => 20_000 + i),
  concurrency: 1,
  timeout_ms: 200,
});
const quickScan = (networkId: string) => ({ network_id: networkId, targets: ['127.68.0.1'], ports: [1] });

/** Every discovery.run.finished of the caller's organization so far, as the stream replays them. */
async function finishedEvents(as: HttpClient) {
  const reply = await as.get('/api/v1/events/stream?after=0&follow=false');
  expect(reply.status).toBe(200);
  return parseEvents(reply.body as string)
    .filter((e) => e.event === 'discovery.run.finished')
    .map((e) => e.data);
}

function useRunFinishedSetup(env: NodeJS.ProcessEnv) {
  const ctx = useTestApp({ env: { ...DELIVERING_ENV, DISCOVERY_ALLOWED_CIDRS: ALLOWED, ...env } });
  const receivers: Receiver[] = [];
  afterAll(() => Promise.all(receivers.map((r) => r.close())));

  async function setup() {
    const r = await new Receiver().start();
    receivers.push(r);
    const org = await registerOrg(ctx.http);
    const networkId = await addNetwork(ctx.http, org.owner.session);
    await addSubnet(ctx.http, org.owner.session, networkId, ALLOWED);
    const as = ctx.http.as(org.owner.session);
    expectOk(await as.post('/api/v1/webhooks', webhookBody(r.url, { events: ['discovery.run.finished'] })), 201);
    const received = async (count: number) => {
      await r.next(count);
      return r.received.map((q) => JSON.parse(q.body));
    };
    return { org, networkId, as, received };
  }
  return { ctx, setup };
}

const finished = (orgId: string, networkId: string, run: Record<string, unknown>) => ({
  id: expect.any(String),
  type: 'discovery.run.finished',
  occurred_at: expect.any(String),
  organization_id: orgId,
  network_id: networkId,
  data: { run: { network_id: networkId, hosts_found: 0, error: null, ...run } },
});

describe('discovery.run.finished for runs no worker finishes: cancelled by a user, failed by the stall watchdog', () => {
  const { ctx, setup } = useRunFinishedSetup({ DISCOVERY_WORKER: 'false' });

  it('a user cancelling a run sends one event, status cancelled, on the stream and to the webhook', async () => {
    const { org, networkId, as, received } = await setup();
    const run = await startRun(as, quickScan(networkId));
    expect(expectOk(await as.post(`/api/v1/discovery/runs/${run.id}/cancel`))).toMatchObject({ status: 'cancelled' });
    expectError(await as.post(`/api/v1/discovery/runs/${run.id}/cancel`), 409, 'entity_conflict');

    const events = await finishedEvents(as);
    expect(events).toEqual([finished(org.id, networkId, { id: run.id, status: 'cancelled' })]);
    expect(await received(1)).toEqual(events);
  });

  it('the watchdog failing a run that lost its last worker sends one event with the reason; a requeued run none', async () => {
    const { org, networkId, as, received } = await setup();
    const abandoned = await startRun(as, quickScan(networkId));
    const requeued = await startRun(as, quickScan(networkId));
    // As a worker leaves them when it dies: running, no heartbeat for an hour, on their last and first attempt.
    await ctx.t.dataSource.query(
      `UPDATE discovery_runs SET status = 'running', started_at = now(), heartbeat_at = now() - interval '1 hour',
         attempts = CASE WHEN id = $1 THEN 2 ELSE 1 END
       WHERE id = ANY ($2)`,
      [abandoned.id, [abandoned.id, requeued.id]],
    );
    const watchdog = ctx.t.app.get(RunWorker);
    await watchdog.rescueStalled();
    await watchdog.rescueStalled();

    const error = 'The worker running it stopped (2 attempts)';
    expect(expectOk(await as.get(`/api/v1/discovery/runs/${abandoned.id}`))).toMatchObject({ status: 'failed', error });
    expect(expectOk(await as.get(`/api/v1/discovery/runs/${requeued.id}`))).toMatchObject({ status: 'queued' });
    const events = await finishedEvents(as);
    expect(events).toEqual([finished(org.id, networkId, { id: abandoned.id, status: 'failed', error })]);
    expect(await received(1)).toEqual(events);
  });
});

describe('discovery.run.finished when a run is cancelled while its worker runs it', () => {
  // One run at a time: the second run starts only once the worker has let go of the cancelled one.
  const { setup } = useRunFinishedSetup({
    DISCOVERY_WORKER: 'true',
    DISCOVERY_WORKER_CONCURRENCY: '1',
    DISCOVERY_STALL_TIMEOUT_MS: '1000',
  });

  it('is announced once, by the cancel, not again when the worker stops; a completed run after it once', async () => {
    const { org, networkId, as, received } = await setup();
    const cancelled = await startRun(as, longScan(networkId));
    await waitForRun(as, cancelled.id, (run) => run.status === 'running');
    expectOk(await as.post(`/api/v1/discovery/runs/${cancelled.id}/cancel`));
    const completed = await startRun(as, quickScan(networkId));
    // The cancelled run's sweep can take seconds to stop; only then is the one worker slot free.
    expect(await waitForRun(as, completed.id, undefined, 45_000)).toMatchObject({ status: 'completed' });

    const events = await finishedEvents(as);
    expect(events).toEqual([
      finished(org.id, networkId, { id: cancelled.id, status: 'cancelled' }),
      finished(org.id, networkId, { id: completed.id, status: 'completed' }),
    ]);
    const delivered = await received(2);
    expect(delivered.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at))).toEqual(events);
  }, 60_000);
});
