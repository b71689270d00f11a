import { Client } from 'pg';
import { useDatabase } from '../support/database-context';

/** Statements started together inside a transaction (Promise.all) share its one connection. */
describe('Database.transaction with statements started together', () => {
  const ctx = useDatabase();

  it('sends them in turn on its connection: all see the transaction, none is queued inside pg (deprecated in pg 8, gone in 9)', async () => {
    // How many statements a client holds at once: pg queues the others itself, which it deprecates.
    let inFlight = 0;
    let most = 0;
    const send = Client.prototype.query as (...args: unknown[]) => unknown;
    function counted(this: Client, ...args: unknown[]) {
      inFlight++;
      most = Math.max(most, inFlight);
      const sent = send.apply(this, args);
      const done = () => inFlight--;
      void Promise.resolve(sent).then(done, done);
      return sent;
    }
    Client.prototype.query = counted as typeof Client.prototype.query;
    try {
      const answers = await ctx.db.transaction(async () => {
        await ctx.db.query(`CREATE TEMP TABLE seen (n int) ON COMMIT DROP`);
        return Promise.all([
          ctx.db.query<{ at: string }>(`SELECT pg_sleep(0.05), clock_timestamp()::text AS at`),
          ctx.db.execute(`INSERT INTO seen VALUES (1), (2)`),
          ctx.db.query<{ n: number; pid: number }>(`SELECT count(*)::int AS n, pg_backend_pid() AS pid FROM seen`),
          ctx.db.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`),
        ]);
      });
      const [, inserted, [{ n, pid }], [{ pid: samePid }]] = answers;
      expect({ inserted, n, samePid }).toEqual({ inserted: 2, n: 2, samePid: pid });
      // A failed statement does not stall the ones after it: they are still sent (and refused: the
      // transaction is aborted).
      const settled = await ctx.db
        .transaction(() =>
          Promise.allSettled([ctx.db.query(`SELECT 1/0`), ctx.db.query(`SELECT 1 AS one`)]).then((all) =>
            all.map((s) => s.status),
          ),
        )
        .catch((error: Error) => error.message);
      expect(settled).toEqual(['rejected', 'rejected']);
      expect(most).toBe(1);
    } finally {
      Client.prototype.query = send as typeof Client.prototype.query;
    }
  });
});
