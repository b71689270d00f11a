import { useDatabase } from '../support/database-context';

/** Database.onePrepared: a statement prepared once per connection under its name, then run from there. */
describe('Database.onePrepared', () => {
  const ctx = useDatabase({ poolMax: 1 });

  it('prepares the statement once on a connection and answers its first row each time', async () => {
    const lookup = (n: number) =>
      ctx.db.onePrepared<{ doubled: number }>('test-doubled', `SELECT $1::int * 2 AS doubled`, [n]);
    expect(await lookup(2)).toEqual({ doubled: 4 });
    expect(await lookup(5)).toEqual({ doubled: 10 });
    expect(await ctx.db.onePrepared('test-none', `SELECT 1 WHERE $1::int < 0`, [1])).toBeUndefined();
    // One connection in the pool: both runs met the same prepared statement there.
    const prepared = await ctx.db.query<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'test-%' ORDER BY name`,
    );
    expect(prepared).toEqual([
      { name: 'test-doubled', statement: 'SELECT $1::int * 2 AS doubled' },
      { name: 'test-none', statement: 'SELECT 1 WHERE $1::int < 0' },
    ]);
  });

  it('runs inside a transaction on its connection', async () => {
    const seen = await ctx.db.transaction(async () => {
      await ctx.db.execute(`CREATE TEMP TABLE prepared_seen (n int) ON COMMIT DROP`);
      await ctx.db.execute(`INSERT INTO prepared_seen VALUES (7)`);
      return ctx.db.onePrepared<{ n: number }>('test-seen', `SELECT n FROM prepared_seen WHERE n = $1`, [7]);
    });
    expect(seen).toEqual({ n: 7 });
  });
});
