import { freePort, ServerProcess, startServer } from '../support/server-process';
import {
  Answer,
  call,
  halfWrittenVersions,
  hostBody,
  organizationWithWriters,
  OwnedPostgres,
  ownedPostgres,
  sql,
  versionViolations,
} from './fault-support';

jest.setTimeout(240_000);

const WRITERS = 4;
type Phase = 'up' | 'down' | 'recovered';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built server on a PostgreSQL this file owns: the database is stopped under load and started again.
 * The app is never restarted.
 */
describe('PostgreSQL stopped and restarted under load', () => {
  let postgres: OwnedPostgres | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await postgres?.remove();
  });

  it('readiness and requests answer 503 meanwhile, then the app recovers with every version whole', async () => {
    postgres = await ownedPostgres();
    const port = await freePort();
    server = startServer({ DATABASE_URL: postgres.url, PORT: String(port), HOST: '127.0.0.1' });
    await server.waitFor('Netatlas listening', 90_000);
    const { networkId, sessions } = await organizationWithWriters(port, WRITERS);

    let phase = 'up' as Phase;
    let running = true;
    const answers: (Answer & { phase: Phase; what: string })[] = [];
    const acknowledged = new Map<string, string>(); // host id -> name of its last acknowledged version
    const writer = async (w: number) => {
      let hostId: string | undefined;
      for (let seq = 0; running; seq++) {
        const at = phase;
        const write = hostId
          ? await call(port, 'PUT', `/api/v1/hosts/${hostId}`, {
              cookie: sessions[w],
              body: hostBody(networkId, w, seq),
            })
          : await call(port, 'POST', '/api/v1/hosts', { cookie: sessions[w], body: hostBody(networkId, w, seq) });
        answers.push({ ...write, phase: at, what: hostId ? 'PUT host' : 'POST host' });
        if (write.status === 200 || write.status === 201) {
          hostId = write.body.data.id as string;
          acknowledged.set(hostId, write.body.data.name as string);
        }
        const read = await call(port, 'GET', '/api/v1/hosts?limit=20', { cookie: sessions[w] });
        answers.push({ ...read, phase: at, what: 'GET hosts' });
        await sleep(write.status >= 200 && write.status < 300 ? 20 : 250);
      }
    };
    const load = Array.from({ length: WRITERS }, (_, w) => writer(w));

    await sleep(1_500);
    await postgres.stop();
    phase = 'down';
    const readyWhileDown: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      readyWhileDown.push(await call(port, 'GET', '/api/health/ready'));
      await sleep(300);
    }
    await sleep(1_000);
    await postgres.start();
    const restartedAt = Date.now();
    let ready: Answer;
    do {
      ready = await call(port, 'GET', '/api/health/ready');
      if (ready.status !== 200) await sleep(200);
    } while (ready.status !== 200 && Date.now() - restartedAt < 30_000);
    phase = 'recovered';
    await sleep(2_000);
    running = false;
    await Promise.all(load);

    for (const answer of readyWhileDown)
      expect([answer.status, answer.body?.code, answer.body?.success]).toEqual([503, 'service_unavailable', false]);
    expect(ready.status).toBe(200);

    // Up or down, every answer is a success or a clean 503 in the envelope: never a 500, never a hang. (While
    // the database is down sessions cannot be resolved, so the retries count against the address: 429.)
    const clean = (a: Answer) =>
      (a.status >= 200 && a.status < 300) ||
      (a.status === 503 && a.body?.code === 'service_unavailable') ||
      (a.status === 429 && a.body?.code === 'rate_limit_exceeded');
    const unclean = answers.filter((a) => !clean(a));
    expect(unclean.map((a) => `${a.phase} ${a.what}: ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    const down = answers.filter((a) => a.phase === 'down');
    expect(down.some((a) => a.status === 503)).toBe(true);
    expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(10_000);
    // Recovered without restarting the app: writes and reads succeed again on the same process.
    const recovered = answers.filter((a) => a.phase === 'recovered');
    expect(recovered.filter((a) => a.what !== 'GET hosts' && a.status < 300).length).toBeGreaterThan(0);
    expect(recovered.filter((a) => a.what === 'GET hosts' && a.status === 200).length).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();

    expect(await versionViolations(postgres.url)).toEqual([]);
    expect(await halfWrittenVersions(postgres.url)).toEqual([]);
    expect(acknowledged.size).toBe(WRITERS);
    for (const [hostId, name] of acknowledged) {
      const [{ n }] = await sql<{ n: number }>(
        postgres.url,
        `SELECT count(*)::int AS n FROM hosts WHERE (id = $1 OR lineage_id = $1) AND name = $2`,
        [hostId, name],
      );
      expect(`${hostId} ${name}: ${n}`).toBe(`${hostId} ${name}: 1`);
    }
  });
});
