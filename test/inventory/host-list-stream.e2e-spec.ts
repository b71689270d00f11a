import { request } from 'node:http';
import { type ApiCall, seedNetwork } from '../../scripts/seed-network';
import { expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

/** Opens GET url, waits for the first bytes of the body, then drops the connection. */
const readFirstBytesThenLeave = (url: string, cookie: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(url, { headers: { cookie: `session_id=${cookie}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
    req.end();
  });

describe('GET /api/v1/hosts?limit=0 cut short by its client', () => {
  const ctx = useTestApp();

  it('frees its database connection: more lists dropped than the pool holds, and the next list is whole', async () => {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const me = ctx.http.as(org.owner.session);
    const call: ApiCall = async (method, path, body) => {
      const reply = method === 'GET' ? await me.get(path) : await me.post(path, body);
      return { status: reply.status, body: JSON.stringify(reply.body) };
    };
    // About 14 MB of hosts with their children: far more than the socket buffers take before the client leaves.
    await seedNetwork(call, net, 1500);
    await ctx.t.app.listen(0, '127.0.0.1');
    const url = `${await ctx.t.app.getUrl()}/api/v1/hosts?network_id=${net}&limit=0`;
    // The test app's pool holds 5 connections: a list that kept its connection would starve the eighth.
    for (let i = 0; i < 8; i++) await readFirstBytesThenLeave(url, org.owner.session.cookie!);

    const whole = expectOk(await me.get(`/api/v1/hosts?network_id=${net}&limit=0`));
    expect(whole).toHaveLength(1500);
    const copying = async () =>
      (
        await ctx.t.dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY%'`,
        )
      )[0].n;
    for (let waited = 0; (await copying()) > 0 && waited < 5_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await copying()).toBe(0);
  });
});
