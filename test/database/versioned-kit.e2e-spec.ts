import type { TenantContext } from '../../src/common/auth/tenant-context';
import {
  closeVersioned,
  findAsOf,
  history,
  insertVersioned,
  lockLive,
  type ReadableTable,
  updateVersioned,
  VERSIONED_FIXED,
  writeInstant,
} from '../../src/common/database/versioned';
import { createVersionedTable } from '../../src/common/database/versioned-ddl';
import { useDatabase } from '../support/database-context';

/** The subnets table as migration 1763900000002 wrote it by hand, rebuilt by the DDL helper. */
const SUBNETS_AGAIN = {
  columns: ['cidr cidr NOT NULL', "name text NOT NULL DEFAULT ''", "description text NOT NULL DEFAULT ''"],
  uniqueLive: { cidr: ['cidr'] },
};

/** A resource that does not exist yet, written with the kit alone: what VLANs would take. */
const VLANS: ReadableTable = {
  name: 'vlans',
  data: { vid: 'integer', name: 'text' },
  fixed: VERSIONED_FIXED,
  alias: 'v',
  columns: 'v.network_id, v.vid, v.name, v.valid_from, v.valid_to, v.lineage_id',
};

describe('versioned tables: the DDL helper and the kit', () => {
  const scratch = useDatabase();

  /** Columns, constraints and indexes of a table, with its name written as `T` so two tables compare. */
  const shape = async (table: string) => {
    const named = (text: string) => text.replaceAll(table, 'T');
    const columns = await scratch.db.query(
      `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    const constraints = await scratch.db.query<{ name: string; definition: string }>(
      // contype 'n': PostgreSQL 18 lists NOT NULL as constraints too; the columns already show them.
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = $1::regclass AND contype <> 'n' ORDER BY conname`,
      [table],
    );
    const indexes = await scratch.db.query<{ definition: string }>(
      `SELECT indexdef AS definition FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
      [table],
    );
    return {
      columns,
      constraints: constraints.map((c) => [named(c.name), named(c.definition)]),
      indexes: indexes.map((i) => named(i.definition)),
    };
  };

  it('builds the subnets table exactly as the migration wrote it: columns, checks, keys, live/history/lineage indexes', async () => {
    for (const sql of createVersionedTable({ name: 'subnets_again', ...SUBNETS_AGAIN })) await scratch.db.execute(sql);
    const again = await shape('subnets_again');
    expect(again).toEqual(await shape('subnets'));
    expect([again.columns.length, again.constraints.length, again.indexes.length]).toEqual([11, 5, 6]);
    expect(again.indexes).toEqual(
      expect.arrayContaining([expect.stringContaining('T_live_cidr_idx ON public.T USING btree')]),
    );
  });

  describe('on a table it creates (vlans)', () => {
    let org: string;
    let other: string;
    let n1: string;
    let n2: string;
    const ctx = (organizationId: string, networkIds: TenantContext['networkIds'] = 'all'): TenantContext => ({
      organizationId,
      userId: organizationId,
      role: 'Owner',
      networkIds,
      via: 'session',
    });
    const tick = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return writeInstant(scratch.db);
    };

    beforeAll(async () => {
      const ddl = createVersionedTable({
        name: 'vlans',
        columns: ['vid integer NOT NULL CHECK (vid BETWEEN 1 AND 4094)', "name text NOT NULL DEFAULT ''"],
        uniqueLive: { vid: ['vid'] },
      });
      for (const sql of ddl) await scratch.db.execute(sql);
      const newOrg = async () =>
        (await scratch.db.one<{ id: string }>(`INSERT INTO organizations (name) VALUES ('kit') RETURNING id`))!.id;
      const newNetwork = async (organization: string) =>
        (await scratch.db.one<{ id: string }>(
          `INSERT INTO networks (organization_id, name) VALUES ($1, gen_random_uuid()::text) RETURNING id`,
          [organization],
        ))!.id;
      org = await newOrg();
      other = await newOrg();
      n1 = await newNetwork(org);
      n2 = await newNetwork(org);
    });

    it('insert, unchanged and changed updates, as-of reads, history newest first, close', async () => {
      const owner = ctx(org);
      const created = await tick();
      const [id] = await insertVersioned(
        scratch.db,
        VLANS,
        owner,
        [{ network_id: n1, vid: 10, name: 'users' }],
        created,
      );

      const unchanged = await tick();
      expect(await updateVersioned(scratch.db, VLANS, owner, [{ id, vid: 10, name: 'users' }], unchanged)).toEqual([]);
      const renamed = await tick();
      expect(await updateVersioned(scratch.db, VLANS, owner, [{ id, name: 'staff' }], renamed)).toEqual([id]);

      expect(await findAsOf(scratch.db, VLANS, owner, [id])).toEqual([
        expect.objectContaining({ id, vid: 10, name: 'staff' }),
      ]);
      expect(await findAsOf(scratch.db, VLANS, owner, [id], unchanged)).toEqual([
        expect.objectContaining({ id, name: 'users', valid_to: renamed }),
      ]);
      expect(await findAsOf(scratch.db, VLANS, owner, [id], new Date(created.getTime() - 1))).toEqual([]);

      const versions = await history<{ id: string; name: string; lineage_id: string | null }>(
        scratch.db,
        VLANS,
        owner,
        id,
        'vlan',
      );
      expect(versions.map((v) => [v.name, v.lineage_id])).toEqual([
        ['staff', null],
        ['users', id],
      ]);
      expect(versions[0].id).toBe(id);
      expect(versions[1].id).not.toBe(id);
      // A history row is no entity of its own.
      expect(await history(scratch.db, VLANS, owner, versions[1].id, 'vlan')).toEqual([]);

      const closed = await tick();
      expect(await closeVersioned(scratch.db, VLANS, owner, [id], closed)).toBe(1);
      expect(await findAsOf(scratch.db, VLANS, owner, [id])).toEqual([]);
      expect(await findAsOf(scratch.db, VLANS, owner, [id], renamed)).toEqual([
        expect.objectContaining({ name: 'staff' }),
      ]);
      expect(await lockLive(scratch.db, VLANS, owner, id)).toBeUndefined();
    });

    it('every helper carries the tenant scope: another organization or network sees and changes nothing', async () => {
      const at = await tick();
      const [id] = await insertVersioned(
        scratch.db,
        VLANS,
        ctx(org),
        [{ network_id: n1, vid: 20, name: 'printers' }],
        at,
      );
      for (const stranger of [ctx(other), ctx(org, [n2])]) {
        const later = await tick();
        expect(await findAsOf(scratch.db, VLANS, stranger, [id])).toEqual([]);
        expect(await lockLive(scratch.db, VLANS, stranger, id)).toBeUndefined();
        expect(await history(scratch.db, VLANS, stranger, id, 'vlan')).toEqual([]);
        expect(await updateVersioned(scratch.db, VLANS, stranger, [{ id, name: 'taken' }], later)).toEqual([]);
        expect(await closeVersioned(scratch.db, VLANS, stranger, [id], later)).toBe(0);
      }
      const smuggled = [{ network_id: n1, vid: 21, name: 'smuggled' }];
      await expect(insertVersioned(scratch.db, VLANS, ctx(org, [n2]), smuggled, await tick())).rejects.toThrow(
        'out of scope',
      );
      // Another organization's row cannot name this organization's network: the composite foreign key refuses it.
      await expect(insertVersioned(scratch.db, VLANS, ctx(other), smuggled, await tick())).rejects.toThrow(
        'foreign key',
      );
      expect(await findAsOf(scratch.db, VLANS, ctx(org, [n1]), [id])).toEqual([
        expect.objectContaining({ name: 'printers', valid_to: null }),
      ]);
      expect(await history(scratch.db, VLANS, ctx(org), id, 'vlan')).toHaveLength(1);
    });
  });
});
