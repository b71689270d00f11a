import { createTestApp, TestApp } from '../support/test-app';

describe('schema: the database itself keeps tenants apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every table with organization_id has it NOT NULL with a foreign key to organizations', async () => {
    const columns = await t.dataSource.query<{ table_name: string; is_nullable: string }[]>(
      `SELECT table_name, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'organization_id' ORDER BY table_name`,
    );
    expect(columns.length).toBeGreaterThanOrEqual(7);
    expect(columns.filter((c) => c.is_nullable !== 'NO')).toEqual([]);
    const referencing = await t.dataSource.query<{ table_name: string }[]>(
      `SELECT DISTINCT c.conrelid::regclass::text AS table_name
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey) AND a.attname = 'organization_id'
       WHERE c.contype = 'f' AND c.confrelid = 'organizations'::regclass AND array_length(c.conkey, 1) = 1`,
    );
    const withForeignKey = new Set(referencing.map((r) => r.table_name));
    expect(columns.map((c) => c.table_name).filter((table) => !withForeignKey.has(table))).toEqual([]);
  });

  it('references between tenant tables are composite (organization_id, x_id), so they cannot cross organizations', async () => {
    const single = await t.dataSource.query<{ name: string }[]>(
      `SELECT c.conname AS name FROM pg_constraint c
       WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND c.confrelid <> 'organizations'::regclass
         AND array_length(c.conkey, 1) = 1`,
    );
    expect(single).toEqual([]);
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND confrelid <> 'organizations'::regclass`,
    );
    expect(n).toBeGreaterThan(0);
  });
});
