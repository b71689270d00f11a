import { randomBytes, randomUUID } from 'node:crypto';
import { MetricsPort } from '../../src/common/metrics/metrics-port';
import { startRun, waitForRun } from '../discovery/discovery-helpers';
import { addHost, addSubnet } from '../support/hosts';
import { expectError, expectOk, HttpClient, type Reply } from '../support/http';
import { type Listener, listen } from '../support/loopback-network';
import { freePort, startServer, type ServerProcess, WORKER_JS } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { readSample, type Samples, samplesOf } from '../support/prometheus-text';

const TOKEN = 'metrics-token-0123456789abcdef';

/** A rate limiter clock that stands still: nothing refills unless the test says so. */
const stoppedClock = () => 1_000_000;

async function scrapeOn(address: { port: number }, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('GET /metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 exactly like an unknown route, with or without a bearer token', async () => {
    const http = new HttpClient(t.app);
    const unknown = await http.get('/api/no-such-route');
    for (const reply of [await http.get('/metrics'), await http.as({ bearer: TOKEN }).get('/metrics')]) {
      expectError(reply, 404, 'route_not_found');
      expect({ ...reply.body, meta: undefined }).toEqual({ ...unknown.body, meta: undefined });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let http: HttpClient;
  let ssh: Listener;
  beforeAll(async () => {
    ssh = await listen('127.91.0.2', 'ssh');
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN, DISCOVERY_ALLOWED_CIDRS: '127.91.0.0/24', DISCOVERY_WORKER: 'true' },
      clock: stoppedClock,
    });
    http = new HttpClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await ssh.close();
  });

  const scrape = async (): Promise<Samples> => {
    const reply = await http.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect([reply.status, reply.headers['content-type']]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    return samplesOf(reply.body as string);
  };

  it('refuses a missing or wrong token with 401 in the error envelope', async () => {
    const refusals: Reply[] = [
      await http.get('/metrics'),
      await http.get('/metrics', { authorization: `Bearer ${TOKEN}x` }),
      await http.get('/metrics', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }),
      await http.get('/metrics', { authorization: `Basic ${TOKEN}` }),
    ];
    for (const reply of refusals) {
      expect(expectError(reply, 401, 'auth_not_authenticated').error).toBe(
        'Authorization must be "Bearer <METRICS_TOKEN>"',
      );
    }
  });

  it('serves the text format with the process defaults and the database pool', async () => {
    const samples = await scrape();
    expect(readSample(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(readSample(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(readSample(samples, 'netatlas_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(readSample(samples, 'netatlas_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(readSample(samples, 'netatlas_db_pool_waiting_requests')).toBe(0);
    expect(readSample(samples, 'netatlas_db_pool_max_connections')).toBe(5);
  });

  it('labels HTTP requests by route template, never by the path as sent', async () => {
    const org = await registerOrg(http);
    const net = await addNetwork(http, org.owner.session);
    const host = await addHost(http, org.owner.session, net);
    const as = http.as(org.owner.session);
    expectOk(await as.get(`/api/v1/hosts/${host.id}`));
    expectOk(await as.get(`/api/v1/hosts/${host.id}`));
    expectError(await as.get(`/api/v1/hosts/${randomUUID()}`), 404, 'entity_not_found');
    expectError(await as.get(`/api/v1/no-such-thing/${host.id}`), 404, 'route_not_found');

    const reply = await http.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    const text = reply.body as string;
    expect(text).not.toContain(host.id);
    const samples = samplesOf(text);
    const requests = (labels: Record<string, string>) => readSample(samples, 'netatlas_http_requests_total', labels);
    expect(requests({ route: '/api/v1/hosts/:id', method: 'GET', status_code: '200' })).toBe(2);
    expect(requests({ route: '/api/v1/hosts/:id', method: 'GET', status_code: '404' })).toBe(1);
    expect(requests({ route: 'unmatched', method: 'GET', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(requests({ route: '/api/v1/hosts', method: 'POST', status_code: '201' })).toBe(1);
    const timed = { route: '/api/v1/hosts/:id', method: 'GET', status_code: '200' };
    expect(readSample(samples, 'netatlas_http_request_duration_seconds_count', timed)).toBe(2);
    expect(readSample(samples, 'netatlas_http_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(2);
    expect(readSample(samples, 'netatlas_http_request_duration_seconds_sum', timed)).toBeGreaterThan(0);
  });

  it('counts each 429 under the limit that refused it', async () => {
    const before = await scrape();
    for (const limit of ['caller', 'strict', 'backoff'])
      expect(readSample(before, 'netatlas_rate_limited_requests_total', { limit })).toBe(0);

    // The clock stands still: an address's 150 tokens are all it gets.
    const fromOneAddress = () =>
      t.app.inject({ method: 'GET', url: '/api/version', remoteAddress: '192.0.2.91' }).then((r) => r.statusCode);
    for (let i = 0; i < 150; i++) expect(await fromOneAddress()).toBe(200);
    expect([await fromOneAddress(), await fromOneAddress()]).toEqual([429, 429]);

    const after = await scrape();
    expect(readSample(after, 'netatlas_rate_limited_requests_total', { limit: 'caller' })).toBe(2);
    expect(readSample(after, 'netatlas_rate_limited_requests_total', { limit: 'strict' })).toBe(0);
    const refused = { route: '/api/version', method: 'GET', status_code: '429' };
    expect(readSample(after, 'netatlas_http_requests_total', refused)).toBe(2);
  });

  it('counts a discovery run from start to finish, the hosts it found and how long it took', async () => {
    const before = await scrape();
    expect(readSample(before, 'netatlas_discovery_runs_started_total')).toBe(0);
    expect(readSample(before, 'netatlas_discovery_queue_depth')).toBe(0);
    for (const status of ['completed', 'failed', 'cancelled', 'requeued'])
      expect(readSample(before, 'netatlas_discovery_runs_finished_total', { status })).toBe(0);

    const org = await registerOrg(http);
    const as = http.as(org.owner.session);
    const net = await addNetwork(http, org.owner.session);
    await addSubnet(http, org.owner.session, net, '127.91.0.0/24');
    const queued = await startRun(as, {
      network_id: net,
      targets: ['127.91.0.1-127.91.0.3'],
      ports: [ssh.port],
      timeout_ms: 400,
    });
    expect(await waitForRun(as, queued.id)).toMatchObject({ status: 'completed', progress: { hosts_found: 1 } });

    const after = await scrape();
    expect(readSample(after, 'netatlas_discovery_runs_started_total')).toBe(1);
    expect(readSample(after, 'netatlas_discovery_runs_finished_total', { status: 'completed' })).toBe(1);
    expect(readSample(after, 'netatlas_discovery_runs_finished_total', { status: 'failed' })).toBe(0);
    expect(readSample(after, 'netatlas_discovery_hosts_found_total')).toBe(1);
    const completed = { status: 'completed' };
    expect(readSample(after, 'netatlas_discovery_run_duration_seconds_count', completed)).toBe(1);
    expect(readSample(after, 'netatlas_discovery_run_duration_seconds_sum', completed)).toBeGreaterThan(0);
    expect(readSample(after, 'netatlas_discovery_queue_depth')).toBe(0);
  });
});

describe('METRICS_PORT: /metrics on a port of its own', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ env: { METRICS_PORT: '0' } });
    guarded = await createTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('serves there (bound to 127.0.0.1), and the main port answers 404 even with the token', async () => {
    const address = open.app.get(MetricsPort).address()!;
    expect(address.address).toBe('127.0.0.1');
    const scraped = await scrapeOn(address);
    expect([scraped.status, scraped.type]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    expect(readSample(samplesOf(scraped.text), 'netatlas_db_pool_max_connections')).toBe(5);

    for (const t of [open, guarded]) {
      const http = new HttpClient(t.app);
      expectError(await http.get('/metrics'), 404, 'route_not_found');
      expectError(await http.get('/metrics', { authorization: `Bearer ${TOKEN}` }), 404, 'route_not_found');
    }
  });

  it('answers anything else there with 404, and asks for the token when METRICS_TOKEN is set', async () => {
    const other = await fetch(`http://127.0.0.1:${open.app.get(MetricsPort).address()!.port}/api/version`);
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([404, 'route_not_found']);

    const address = guarded.app.get(MetricsPort).address()!;
    for (const authorization of [undefined, `Bearer ${TOKEN}x`]) {
      const refused = await scrapeOn(address, authorization ? { authorization } : {});
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({ success: false, code: 'auth_not_authenticated', params: {} });
    }
    expect((await scrapeOn(address, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe('npm run worker with METRICS_PORT', () => {
  let t: TestApp;
  const workers: ServerProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    workers.forEach((worker) => worker.child.kill('SIGKILL'));
    await t.close();
  });

  const startWorker = (port: number) => {
    const worker = startServer(
      {
        DATABASE_URL: t.database.url,
        CREDENTIAL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        METRICS_PORT: String(port),
        METRICS_TOKEN: TOKEN,
      },
      WORKER_JS,
    );
    workers.push(worker);
    return worker;
  };

  it('serves its metrics (process, pool, discovery; no HTTP requests) on that port', async () => {
    const port = await freePort();
    const worker = startWorker(port);
    await worker.waitFor(`Metrics listening on http://127.0.0.1:${port}/metrics`);
    await worker.waitFor('discovery worker started');
    const scraped = await scrapeOn({ port }, { authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    const samples = samplesOf(scraped.text);
    expect(readSample(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(readSample(samples, 'netatlas_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(readSample(samples, 'netatlas_discovery_runs_started_total')).toBe(0);
    expect(readSample(samples, 'netatlas_discovery_queue_depth')).toBe(0);
    expect(scraped.text).not.toContain('netatlas_http_requests_total{');
  });

  it('stops with one line naming METRICS_PORT when the port is taken', async () => {
    const taken = await listen('127.0.0.1', 'ssh');
    try {
      const worker = startWorker(taken.port);
      expect(await worker.exited).toBe(1);
      expect(worker.output()).toContain(
        `METRICS_PORT=${taken.port}: cannot listen on 127.0.0.1:${taken.port} (EADDRINUSE)`,
      );
    } finally {
      await taken.close();
    }
  });
});
