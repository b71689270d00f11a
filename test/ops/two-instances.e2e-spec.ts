import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { seedNetwork } from '../../scripts/seed-network';
import { listen } from '../support/loopback-network';
import { PASSWORD } from '../support/tenants';
import { type Cluster, type Instance, startCluster } from './support/cluster';
import { requestStream } from './support/request-stream';
import { anonymous, type Caller, dataOf, freshAddress, send, sessionOf, type WireReply } from './support/wire';

jest.setTimeout(60_000);

const expectError = (reply: WireReply, status: number, code: string) =>
  expect({ status: reply.status, success: reply.body?.success, code: reply.body?.code }).toEqual({
    status,
    success: false,
    code,
  });

/** Registers a new organization on `instance`; the Owner's session, from an address of its own. */
async function register(instance: Instance): Promise<{ caller: Caller; email: string; id: string }> {
  const from = freshAddress();
  const email = `owner-${randomUUID()}@example.test`;
  const reply = await send(instance.port, { from }, 'POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    name: 'Owner',
    organization_name: `Ops ${randomUUID().slice(0, 8)}`,
  });
  const user = dataOf(reply, 201);
  return { caller: { cookie: sessionOf(reply), from }, email, id: user.id };
}

/**
 * Two `node dist/src/main.js` (A and B, discovery off) and one `node dist/src/worker.js` on one PostgreSQL
 * database and one Redis, as docker/compose.yaml runs them behind a proxy: what one instance does, the
 * other sees at once; runs go to the worker; an instance stopped with SIGTERM drops nothing.
 */
describe('two API instances and a discovery worker', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await startCluster();
    ({ a, b } = cluster);
  }, 90_000);
  afterAll(() => cluster?.stop());

  it('started together on an empty database, the three apply the migrations once', () => {
    const outputs = [a.process, b.process, cluster.worker].map((p) => p.output());
    expect(outputs.filter((output) => /Applied \d+ migrations/.test(output))).toHaveLength(1);
    expect(outputs.filter((output) => /Schema up to date/.test(output))).toHaveLength(2);
  });

  it('a session made on A works on B, and a logout on B ends it on A', async () => {
    const { caller, email, id } = await register(a);
    expect(dataOf(await send(b.port, caller, 'GET', '/api/auth/me'))).toMatchObject({ id, email });
    dataOf(await send(b.port, caller, 'POST', '/api/auth/logout'));
    expectError(await send(a.port, caller, 'GET', '/api/auth/me'), 401, 'auth_not_authenticated');
  });

  it('an API key disabled or deleted on A is refused by B on its next request', async () => {
    const { caller } = await register(a);
    const key = dataOf(await send(a.port, caller, 'POST', '/api/v1/auth/keys', { name: 'ci' }), 201);
    const bearer = { bearer: key.key as string, from: caller.from };
    dataOf(await send(b.port, bearer, 'GET', '/api/v1/networks'));

    dataOf(await send(a.port, caller, 'PUT', `/api/v1/auth/keys/${key.id}`, { is_enabled: false }));
    expectError(await send(b.port, bearer, 'GET', '/api/v1/networks'), 403, 'entity_disabled');
    dataOf(await send(a.port, caller, 'DELETE', `/api/v1/auth/keys/${key.id}`));
    expectError(await send(b.port, bearer, 'GET', '/api/v1/networks'), 401, 'auth_not_authenticated');
  });

  it('one rate budget for both: logins (10 a minute per address) alternate A, B and the 11th is refused', async () => {
    const { email } = await register(a);
    const from = freshAddress();
    const replies: WireReply[] = [];
    for (let i = 0; i < 12; i++)
      replies.push(
        await send((i % 2 ? b : a).port, { from }, 'POST', '/api/auth/login', { email, password: PASSWORD }),
      );
    // Buckets per instance would have let 10 through on each.
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(10).fill(200), 429, 429]);
    for (const refused of replies.slice(10)) {
      expectError(refused, 429, 'rate_limit_exceeded');
      expect(refused.headers['x-ratelimit-limit']).toBe('10');
    }
  });

  it('a run created on A is taken and finished by the worker (A and B run no discovery)', async () => {
    const { caller } = await register(a);
    const target = await listen(`127.${190 + Math.floor(Math.random() * 10)}.0.2`, 'ssh');
    try {
      const network = dataOf(await send(a.port, caller, 'POST', '/api/v1/networks', { name: 'lab' }), 201).id;
      const cidr = target.address.replace(/\.2$/, '.0/24');
      dataOf(await send(a.port, caller, 'POST', '/api/v1/subnets', { network_id: network, cidr, name: 'lo' }), 201);
      const run = dataOf(
        await send(a.port, caller, 'POST', '/api/v1/discovery/runs', {
          network_id: network,
          targets: [target.address],
          ports: [target.port],
        }),
        202,
      );
      expect(run.status).toBe('queued');
      let seen = run;
      const deadline = Date.now() + 40_000;
      while (!['completed', 'failed', 'cancelled'].includes(seen.status)) {
        // A run that never ends says where it stopped and what the worker printed, not just "timeout".
        if (Date.now() > deadline)
          throw new Error(
            `run still ${JSON.stringify(seen)}; worker printed:\n${cluster.worker.output().slice(-4000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = dataOf(await send(b.port, caller, 'GET', `/api/v1/discovery/runs/${run.id}`));
      }
      // A and B run with DISCOVERY_WORKER=false: only the worker process takes runs from the queue.
      expect(seen).toMatchObject({ status: 'completed', attempts: 1, progress: { targets_done: 1, hosts_found: 1 } });
      const hosts = dataOf(await send(b.port, caller, 'GET', `/api/v1/hosts?network_id=${network}&limit=0`));
      expect(hosts.map((h: { ports: { number: number }[] }) => h.ports.map((p) => p.number))).toEqual([[target.port]]);
    } finally {
      await target.close();
    }
  });

  it('SIGTERM on A: its in-flight requests finish with 200, it exits 0, and requests failing over to B all succeed', async () => {
    const { caller } = await register(b);
    const network = dataOf(await send(b.port, caller, 'POST', '/api/v1/networks', { name: 'racks' }), 201).id;
    const HOSTS = 500;
    await seedNetwork(
      async (method, path, body) => {
        const reply = await send(b.port, caller, method, path, body);
        return { status: reply.status, body: JSON.stringify(reply.body) };
      },
      network,
      HOSTS,
    );
    // Each lane is a user of its own (its own rate budget); two lanes start on A, one on B.
    const users = await Promise.all([register(b), register(b), register(b)]);
    const stream = requestStream(
      users.map(({ caller: lane }, i) => ({ caller: lane, first: i < 2 ? a : b, other: i < 2 ? b : a })),
      '/api/v1/networks',
    );

    // A's host lists are held in flight by a transaction of the test that locks the hosts table.
    const lock = new Client({ connectionString: cluster.databaseUrl });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE hosts IN ACCESS EXCLUSIVE MODE');
      const inFlight = Array.from({ length: 3 }, () =>
        send(a.port, caller, 'GET', `/api/v1/hosts?network_id=${network}&limit=0`),
      );
      await until(async () => (await waitingOnHosts(cluster.databaseUrl)) === 3);
      a.process.child.kill('SIGTERM');
      await a.process.waitFor('SIGTERM received: draining');
      // Once its listener is closed, A takes no new connection: its readiness check is refused, not answered 503.
      await until(async () => stream.served.some((s) => s.failover === 'ECONNREFUSED'));
      await expect(send(a.port, anonymous(), 'GET', '/api/health/ready')).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
      expect(dataOf(await send(b.port, anonymous(), 'GET', '/api/health/ready'))).toEqual({
        status: 'ready',
        database: 'up',
      });
      expect(a.process.child.exitCode).toBeNull();

      await lock.query('COMMIT');
      const lists = await Promise.all(inFlight);
      expect(lists.map((r) => [r.status, r.body.data.length])).toEqual(Array(3).fill([200, HOSTS]));
      expect(await a.process.exited).toBe(0);
      expect(a.process.output()).toContain('Stopped');
    } finally {
      await lock.end();
    }
    const servedBeforeExit = stream.served.length;
    await until(async () => stream.served.length >= servedBeforeExit + 6);
    const served = await stream.stop();

    expect(served.filter((s) => s.status < 200 || s.status > 299)).toEqual([]);
    expect(new Set(served.map((s) => s.by))).toEqual(new Set(['A', 'B']));
    for (const { failover } of served.filter((s) => s.failover))
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(failover);
  });
});

/** Backends of the database waiting for a lock on the hosts table (whatever their statement's text). */
async function waitingOnHosts(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(DISTINCT pid)::int AS n FROM pg_locks WHERE relation = 'hosts'::regclass AND NOT granted`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Waits for a condition the test cannot be told about (the jest timeout bounds it). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}
