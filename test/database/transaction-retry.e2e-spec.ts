import { useDatabase } from '../support/database-context';
import { testDatabaseEnv, withAdminClient } from '../support/test-database';

describe('Database.transaction when PostgreSQL aborts it for a conflict', () => {
  // The deadlock below is found after deadlock_timeout (1 s by default): shorter on this test's own database.
  const ctx = useDatabase({
    poolMax: 4,
    prepare: (name) =>
      withAdminClient(testDatabaseEnv().adminUrl, (client) =>
        client.query(`ALTER DATABASE "${name}" SET deadlock_timeout = '100ms'`),
      ),
  });
  beforeAll(() => ctx.db.query(`CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)`));
  beforeEach(() => ctx.db.query(`TRUNCATE counters; INSERT INTO counters VALUES (1, 0), (2, 0)`));

  const counts = async () => (await ctx.db.query<{ n: number }>(`SELECT n FROM counters ORDER BY id`)).map((r) => r.n);

  it('runs the deadlock victim again: both transactions commit, each once', async () => {
    const attempts: number[] = [];
    let holding = 0;
    let bothHold: () => void;
    const bothHolding = new Promise<void>((resolve) => (bothHold = resolve));
    // Each locks one row, waits until the other holds its own, then asks for the other's row.
    const bump = (first: number, second: number) => {
      let attempt = 0;
      return ctx.db.transaction(async () => {
        attempt++;
        await ctx.db.query(`UPDATE counters SET n = n + 1 WHERE id = $1`, [first]);
        if (attempt === 1 && ++holding === 2) bothHold();
        if (attempt === 1) await bothHolding;
        await ctx.db.query(`UPDATE counters SET n = n + 1 WHERE id = $1`, [second]);
        attempts.push(attempt);
      });
    };
    await Promise.all([bump(1, 2), bump(2, 1)]);
    // Each committed once; the victim ran again (its new run can meet the other once more, hence up to three).
    expect(attempts).toHaveLength(2);
    expect(Math.max(...attempts)).toBeGreaterThan(1);
    expect(Math.max(...attempts)).toBeLessThanOrEqual(3);
    expect(await counts()).toEqual([2, 2]);
  });

  it('does not run other failures again, and leaves nothing of them', async () => {
    let attempts = 0;
    const failing = ctx.db.transaction(async () => {
      attempts++;
      await ctx.db.query(`UPDATE counters SET n = n + 1 WHERE id = 1`);
      await ctx.db.query(`INSERT INTO counters VALUES (2, 0)`);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
    expect(await counts()).toEqual([0, 0]);
  });
});
