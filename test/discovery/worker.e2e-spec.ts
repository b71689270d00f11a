import { randomBytes } from 'node:crypto';
import { expectOk, HttpClient } from '../support/http';
import { addSubnet } from '../support/hosts';
import { startServer, type ServerProcess, WORKER_JS } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { startRun, waitForRun } from './discovery-helpers';

/**
 * `npm run worker` processes on the test database, the in-test API running no worker: a run survives a
 * worker killed with SIGKILL (another takes it over), goes back to the queue when its worker stops on
 * SIGTERM, and is failed once it has lost a worker twice; it is never left running.
 */
describe('discovery workers that stop or die', () => {
  let t: TestApp;
  let http: HttpClient;
  const workers: ServerProcess[] = [];
  const ALLOWED = '127.66.0.0/16';

  beforeAll(async () => {
    t = await createTestApp({ env: { DISCOVERY_ALLOWED_CIDRS: ALLOWED, DISCOVERY_WORKER: 'false' } });
    http = new HttpClient(t.app);
  });
  afterAll(async () => {
    workers.forEach((w) => w.child.kill('SIGKILL'));
    await t.close();
  });

  const startWorker = async () => {
    const worker = startServer(
      {
        DATABASE_URL: t.database.url,
        DISCOVERY_ALLOWED_CIDRS: ALLOWED,
        DISCOVERY_STALL_TIMEOUT_MS: '2000',
        CREDENTIAL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      WORKER_JS,
    );
    workers.push(worker);
    await worker.waitFor('discovery worker started');
    return worker;
  };

  it('takes over from a killed worker, requeues on SIGTERM, fails after two lost workers', async () => {
    const org = await registerOrg(http);
    const as = http.as(org.owner.session);
    const net = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, net, '127.66.0.0/16');
    const ports = Array.from({ length: 2000 }, (_, i) => 20_000 + i);
    const run = await startRun(as, {
      network_id: net,
      targets: ['127.66.1.0/24'],
      ports,
      concurrency: 1,
      timeout_ms: 200,
    });
    const isRunning = (attempts: number) => (r: Record<string, unknown>) =>
      r.status === 'running' && r.attempts === attempts;

    const first = await startWorker();
    await waitForRun(as, run.id, isRunning(1));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startWorker();
    await waitForRun(as, run.id, isRunning(2), 15_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(expectOk(await as.get(`/api/v1/discovery/runs/${run.id}`))).toMatchObject({ status: 'queued', attempts: 1 });

    const third = await startWorker();
    await waitForRun(as, run.id, isRunning(2));
    third.child.kill('SIGKILL');
    await third.exited;

    await startWorker();
    const failed = await waitForRun(as, run.id, undefined, 15_000);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The worker running it stopped (2 attempts)',
      finished_at: expect.any(String),
    });
  }, 90_000);

  it('fails a run whose targets left the network before it started, and says why', async () => {
    const org = await registerOrg(http);
    const as = http.as(org.owner.session);
    const net = await addNetwork(http, org.owner.session);
    const subnet = await addSubnet(http, org.owner.session, net, '127.66.0.0/16');
    const run = await startRun(as, { network_id: net, targets: ['127.66.9.1'], ports: [9] });
    expectOk(await as.delete(`/api/v1/subnets/${subnet}`));
    await startWorker();
    expect(await waitForRun(as, run.id, undefined, 15_000)).toMatchObject({
      status: 'failed',
      error: 'Validation failed: 127.66.9.1 is in no subnet of the network',
      progress: { targets_total: 1, targets_done: 0, hosts_found: 0 },
    });
  }, 30_000);

  it('refuses to start without DATABASE_URL', async () => {
    const worker = startServer({ CREDENTIAL_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, WORKER_JS);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  });
});
