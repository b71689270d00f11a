import { unscopedTables } from './tenant-predicate';
import { tablesOf } from './sql-tables';

const TENANT = new Set(['hosts', 'ip_addresses', 'organizations', 'api_keys']);

describe('unscopedTables', () => {
  it('accepts each table compared with the organization, by alias or bare', () => {
    expect(unscopedTables(`SELECT h.id FROM hosts h WHERE h.organization_id = $1 AND h.id = $2`, TENANT)).toEqual([]);
    expect(unscopedTables(`DELETE FROM api_keys WHERE organization_id = $1 AND id = $2`, TENANT)).toEqual([]);
    expect(
      unscopedTables(
        `SELECT 1 FROM hosts AS h JOIN ip_addresses i ON i.organization_id = h.organization_id WHERE h.organization_id = $1`,
        TENANT,
      ),
    ).toEqual([]);
    expect(unscopedTables(`SELECT o.name FROM organizations o WHERE o.id = $1`, TENANT)).toEqual([]);
  });

  it('names a table read, changed or deleted without it', () => {
    expect(unscopedTables(`SELECT h.id FROM hosts h WHERE h.id = $1`, TENANT)).toEqual(['hosts']);
    expect(
      unscopedTables(
        `SELECT 1 FROM hosts h JOIN ip_addresses i ON i.host_id = h.id WHERE h.organization_id = $1`,
        TENANT,
      ),
    ).toEqual(['ip_addresses']);
    expect(unscopedTables(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, TENANT)).toEqual(['api_keys']);
    expect(unscopedTables(`DELETE FROM hosts WHERE id = $1`, TENANT)).toEqual(['hosts']);
    expect(unscopedTables(`SELECT h.id FROM hosts h WHERE h.name = $1 AND x.organization_id = $2`, TENANT)).toEqual([
      'hosts',
    ]);
  });

  it('wants the organization among the columns of an insert', () => {
    expect(unscopedTables(`INSERT INTO hosts (organization_id, name) VALUES ($1, $2)`, TENANT)).toEqual([]);
    expect(unscopedTables(`INSERT INTO hosts AS h (organization_id, name) SELECT $1, $2`, TENANT)).toEqual([]);
    expect(unscopedTables(`INSERT INTO hosts (name) VALUES ($1)`, TENANT)).toEqual(['hosts']);
  });

  it('leaves tables of no tenant alone', () => {
    expect(unscopedTables(`SELECT * FROM pgboss.job WHERE id = $1`, TENANT)).toEqual([]);
    expect(unscopedTables(`SELECT 1 FROM unnest($1::uuid[]) AS x(id)`, TENANT)).toEqual([]);
  });
});

describe('tablesOf', () => {
  const KNOWN = new Set(['hosts', 'ip_addresses', 'credential_hosts']);

  it('tells the tables written from those only read', () => {
    expect(tablesOf(`UPDATE hosts h SET name = $2 FROM ip_addresses i WHERE i.host_id = h.id`, KNOWN)).toEqual({
      reads: ['ip_addresses'],
      writes: ['hosts'],
    });
    expect(tablesOf(`DELETE FROM credential_hosts WHERE organization_id = $1`, KNOWN)).toEqual({
      reads: [],
      writes: ['credential_hosts'],
    });
    expect(tablesOf(`INSERT INTO hosts (id) SELECT id FROM ip_addresses FOR UPDATE OF x`, KNOWN)).toEqual({
      reads: ['ip_addresses'],
      writes: ['hosts'],
    });
  });
});
