import { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../../src/common/database/data-source';
import { migrations } from '../../migrations';
import { createDatabase } from '../support/test-database';

describe('migrations', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    const database = await createDatabase({ template: '' });
    dataSource = createDataSource({ url: database.url, poolMax: 1 });
    await dataSource.initialize();
  });
  afterAll(() => dataSource.destroy());

  const tables = async () =>
    (
      await dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      )
    ).map((r) => r.table_name);

  it('run from scratch on an empty database, are recorded, and a second run does nothing', async () => {
    expect(await tables()).toEqual([]);
    await runMigrations(dataSource);
    expect(await tables()).toEqual(expect.arrayContaining(['organizations', 'schema_migrations']));
    const applied = await dataSource.query<{ name: string }[]>(`SELECT name FROM schema_migrations ORDER BY id`);
    expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    expect(await dataSource.showMigrations()).toBe(false);
    await runMigrations(dataSource);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM schema_migrations`)).toEqual([
      { n: migrations.length },
    ]);
  });

  it('revert all the way down and apply again', async () => {
    for (let i = 0; i < migrations.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual(['schema_migrations']);
    await runMigrations(dataSource);
    expect(await tables()).toEqual(expect.arrayContaining(['organizations']));
  });
});
