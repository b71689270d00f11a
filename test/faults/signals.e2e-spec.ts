import { connect } from 'node:net';
import { createDatabase } from '../support/test-database';
import { freePort, ServerProcess, startServer } from '../support/server-process';
import { call, halfWrittenVersions, hostBody, organizationWithWriters, sql, versionViolations } from './fault-support';

jest.setTimeout(180_000);

const WRITERS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built server as a child process on its own database (a copy of the migrated template). */
describe('the server process under signals', () => {
  const servers: ServerProcess[] = [];
  const start = async (url: string) => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1' });
    servers.push(server);
    await server.waitFor('Netatlas listening', 60_000);
    return { server, port };
  };

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
  });

  it('SIGKILL during concurrent host writes: after a restart every acknowledged write is there, versions whole', async () => {
    const database = await createDatabase();
    const first = await start(database.url);
    const { networkId, sessions } = await organizationWithWriters(first.port, WRITERS);

    // Every 2xx is recorded with the version it acknowledged; a write without an answer may or may not be kept.
    const acknowledged: { hostId: string; name: string; updatedAt: string; seq: number }[] = [];
    let running = true;
    const writer = async (w: number) => {
      let hostId: string | undefined;
      for (let seq = 0; running; seq++) {
        const fresh = !hostId || seq % 7 === 0; // mostly updates of one host, now and then a new host
        const body = hostBody(networkId, w, seq);
        const write = fresh
          ? await call(first.port, 'POST', '/api/v1/hosts', { cookie: sessions[w], body })
          : await call(first.port, 'PUT', `/api/v1/hosts/${hostId}`, { cookie: sessions[w], body });
        if (write.status === 200 || write.status === 201) {
          const host = write.body.data as { id: string; name: string; updated_at: string };
          hostId = host.id;
          acknowledged.push({ hostId: host.id, name: host.name, updatedAt: host.updated_at, seq });
        } else if (write.status === 0) {
          break; // the server is gone
        } else if (write.status === 429) {
          await sleep(1_000); // a loaded machine: this writer's bucket ran dry
        } else throw new Error(`unexpected ${write.status}: ${JSON.stringify(write.body)}`);
      }
    };
    const load = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // killed mid-stream once enough writes were acknowledged (a loaded machine takes longer to get there)
    const deadline = Date.now() + 30_000;
    while (acknowledged.length <= WRITERS * 3 && Date.now() < deadline) await sleep(50);
    first.server.child.kill('SIGKILL');
    expect(await first.server.exited).toBeNull();
    running = false;
    await Promise.all(load);
    expect(acknowledged.length).toBeGreaterThan(WRITERS * 3);

    const second = await start(database.url);
    for (const ack of acknowledged) {
      const rows = await sql<{ updated_at: Date; live: boolean }>(
        database.url,
        `SELECT updated_at, valid_to IS NULL AS live FROM hosts WHERE (id = $1 OR lineage_id = $1) AND name = $2`,
        [ack.hostId, ack.name],
      );
      expect([ack.name, rows.length, rows[0]?.updated_at.toISOString()]).toEqual([ack.name, 1, ack.updatedAt]);
    }
    // The live version of each host is its last acknowledged one or a later write that committed unanswered.
    const lastAcked = new Map<string, number>();
    for (const ack of acknowledged) lastAcked.set(ack.hostId, Math.max(ack.seq, lastAcked.get(ack.hostId) ?? -1));
    for (const [hostId, seq] of lastAcked) {
      const [live] = await sql<{ name: string }>(
        database.url,
        `SELECT name FROM hosts WHERE id = $1 AND valid_to IS NULL`,
        [hostId],
      );
      expect(Number(live.name.split('-s')[1])).toBeGreaterThanOrEqual(seq);
    }
    expect(await versionViolations(database.url)).toEqual([]);
    expect(await halfWrittenVersions(database.url)).toEqual([]);

    // The restarted server takes writes again on the same data.
    const [hostId] = lastAcked.keys();
    const again = await call(second.port, 'PUT', `/api/v1/hosts/${hostId}`, {
      cookie: sessions[0],
      body: hostBody(networkId, 0, 9_999),
    });
    expect(again.status).toBe(200);
    expect(await versionViolations(database.url)).toEqual([]);
    second.server.child.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
  });

  it('SIGTERM: a slow write in flight completes, new connections are refused, exit 0', async () => {
    const database = await createDatabase();
    const { server, port } = await start(database.url);
    const { networkId, sessions } = await organizationWithWriters(port, 1);

    // A host whose body is still arriving when SIGTERM comes.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify(hostBody(networkId, 0, 1));
    socket.write(
      `POST /api/v1/hosts HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Cookie: session_id=${sessions[0]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);
    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM received');
    await sleep(200);

    const refused = await call(port, 'GET', '/api/health', { timeoutMs: 5_000 });
    expect(refused.status).toBe(0);
    expect(refused.body).toMatch(/fetch failed/);

    // The rest of the body, without half-closing: the server closes the connection once it has answered.
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped');
    expect(await sql(database.url, `SELECT name FROM hosts WHERE valid_to IS NULL`)).toEqual([{ name: 'w0-s1' }]);
  });
});
