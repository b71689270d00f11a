import { randomUUID } from 'node:crypto';
import { Credentials, expectError, expectOk, Reply } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, Org, registerOrg } from '../support/tenants';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (reply: Reply) => expectOk(reply).map((s: { id: string }) => s.id);
const between = (a: string, b: string) => new Date((Date.parse(a) + Date.parse(b)) / 2).toISOString();
const shift = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

describe('subnets', () => {
  const ctx = useTestApp();
  let org: Org;
  let network: string;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    network = await addNetwork(ctx.http, org.owner.session);
  });

  const owner = () => ctx.http.as(org.owner.session);
  const addSubnet = async (body: Record<string, unknown>, as: Credentials = org.owner.session) =>
    expectOk(await ctx.http.as(as).post('/api/v1/subnets', { network_id: network, ...body }), 201);
  const asOf = async (at: string, query = '') =>
    expectOk(await owner().get(`/api/v1/subnets?at=${encodeURIComponent(at)}${query}`));
  /** Every row of a subnet's lineage (the live row and its history), oldest version first. */
  const versions = (id: string) =>
    ctx.t.dataSource.query(
      `SELECT id, lineage_id, organization_id, network_id, cidr::text AS cidr, name, description, created_at,
              updated_at, valid_from, valid_to
       FROM subnets WHERE id = $1 OR lineage_id = $1 ORDER BY valid_from, valid_to NULLS LAST`,
      [id],
    );
  const countRows = async () =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM subnets WHERE organization_id = $1`, [org.id]))[0]
      .n as number;

  it('creates, reads, lists, updates and deletes, with the exact record', async () => {
    const created = await addSubnet({ cidr: '192.168.10.0/24', name: 'Office LAN', description: 'Second floor' });
    expect(created).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      network_id: network,
      cidr: '192.168.10.0/24',
      name: 'Office LAN',
      description: 'Second floor',
      created_at: ISO,
      updated_at: created.created_at,
      valid_from: created.created_at,
      valid_to: null,
      lineage_id: null,
    });
    expect(expectOk(await owner().get(`/api/v1/subnets/${created.id}`))).toEqual(created);
    const list = await owner().get('/api/v1/subnets');
    expect(expectOk(list)).toEqual([created]);
    expect(list.body.meta.pagination).toEqual({ total_count: 1, limit: 50, offset: 0, has_more: false });

    await sleep(5);
    const updated = expectOk(
      await owner().put(`/api/v1/subnets/${created.id}`, { network_id: network, cidr: '192.168.10.0/23', name: 'LAN' }),
    );
    expect(updated).toEqual({
      ...created,
      cidr: '192.168.10.0/23',
      name: 'LAN',
      description: '',
      updated_at: ISO,
      valid_from: updated.updated_at,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(expectOk(await owner().get(`/api/v1/subnets/${created.id}`))).toEqual(updated);
    expect(expectOk(await owner().get('/api/v1/subnets'))).toEqual([updated]);

    expect(expectOk(await owner().delete(`/api/v1/subnets/${created.id}`))).toEqual({});
    const gone = expectError(await owner().get(`/api/v1/subnets/${created.id}`), 404, 'entity_not_found');
    expect(gone.params).toEqual({ entity: 'subnet', id: created.id });
    expect(expectOk(await owner().get('/api/v1/subnets'))).toEqual([]);
    expectError(await owner().delete(`/api/v1/subnets/${created.id}`), 404, 'entity_not_found');
    expectError(
      await owner().put(`/api/v1/subnets/${created.id}`, { network_id: network, cidr: '192.168.10.0/24' }),
      404,
      'entity_not_found',
    );
  });

  it('defaults name and description to empty strings, for omitted and null alike', async () => {
    expect(await addSubnet({ cidr: '10.0.0.0/8' })).toMatchObject({ name: '', description: '' });
    expect(await addSubnet({ cidr: '172.16.0.0/12', name: null, description: null })).toMatchObject({
      name: '',
      description: '',
    });
  });

  it('takes IPv4 and IPv6 and answers the canonical form', async () => {
    for (const [input, canonical] of [
      ['2001:DB8::/32', '2001:db8::/32'],
      ['2001:0db8:0000:0001:0000:0000:0000:0000/64', '2001:db8:0:1::/64'],
      ['fe80::/10', 'fe80::/10'],
      ['::/0', '::/0'],
      [' 10.20.0.0/16 ', '10.20.0.0/16'],
      ['10.30.0.7/32', '10.30.0.7/32'],
      ['0.0.0.0/0', '0.0.0.0/0'],
    ]) {
      const created = await addSubnet({ cidr: input });
      expect({ input, cidr: created.cidr }).toEqual({ input, cidr: canonical });
      expect(expectOk(await owner().get(`/api/v1/subnets/${created.id}`)).cidr).toBe(canonical);
    }
  });

  it('refuses a cidr that is not a network address with a prefix, and writes nothing', async () => {
    for (const cidr of [
      '192.168.1.5/24',
      '10.0.0.0',
      '10.0.0.0/33',
      '10.0.0.0/-1',
      '2001:db8::1/32',
      '2001:db8::/129',
      '300.1.1.0/24',
      'x/8',
      '10.0.0.0/8/8',
      '',
    ]) {
      const reply = await owner().post('/api/v1/subnets', { network_id: network, cidr });
      const body = expectError(reply, 400, 'validation_failed');
      expect({ cidr, field: body.params.errors[0].field }).toEqual({ cidr, field: 'cidr' });
    }
    for (const body of [
      { network_id: network },
      { network_id: network, cidr: 10 },
      { network_id: network, cidr: null },
    ]) {
      const reply = await owner().post('/api/v1/subnets', body);
      expect(expectError(reply, 400, 'validation_failed').params.errors[0].field).toBe('cidr');
    }
    expect(await countRows()).toBe(0);
  });

  it('refuses IPv4 written other than as four decimal parts, instead of reading it as octal or hex', async () => {
    // '192.168.010.0/24' means 192.168.10.0/24 to a person (and to PostgreSQL); octal reading makes it .8.0.
    for (const cidr of ['192.168.010.0/24', '0xa.0.0.0/8', '167772160/8']) {
      const reply = await owner().post('/api/v1/subnets', { network_id: network, cidr });
      expect({ cidr, status: reply.status, data: reply.body.data?.cidr }).toEqual({
        cidr,
        status: 400,
        data: undefined,
      });
      expect(expectError(reply, 400, 'validation_failed').params.errors[0].field).toBe('cidr');
    }
    expect(await countRows()).toBe(0);
  });

  it('validates the body: network_id, unknown fields, lengths', async () => {
    const cidr = '10.1.0.0/16';
    const field = async (body: Record<string, unknown>) =>
      expectError(await owner().post('/api/v1/subnets', body), 400, 'validation_failed').params.errors[0].field;
    expect(await field({ cidr })).toBe('network_id');
    expect(await field({ network_id: 'nope', cidr })).toBe('network_id');
    expect(await field({ network_id: network, cidr, colour: 'red' })).toBe('colour');
    expect(await field({ network_id: network, cidr, name: 'x'.repeat(256) })).toBe('name');
    expect(await field({ network_id: network, cidr, description: 'x'.repeat(4097) })).toBe('description');
    const unknown = randomUUID();
    const reply = await owner().post('/api/v1/subnets', { network_id: unknown, cidr });
    expect(expectError(reply, 404, 'entity_not_found').params).toEqual({ entity: 'network', id: unknown });
    expectError(await owner().get('/api/v1/subnets/nope'), 400, 'validation_failed');
    expectError(await owner().get(`/api/v1/subnets/${randomUUID()}`), 404, 'entity_not_found');
    expect(await countRows()).toBe(0);
    expect(await addSubnet({ cidr, name: 'x'.repeat(255), description: 'y'.repeat(4096) })).toMatchObject({
      cidr,
    });
  });

  it('PUT replaces the fields but cannot move a subnet to another network', async () => {
    const other = await addNetwork(ctx.http, org.owner.session);
    const created = await addSubnet({ cidr: '10.2.0.0/16', name: 'keep', description: 'keep' });
    const reply = await owner().put(`/api/v1/subnets/${created.id}`, { network_id: other, cidr: '10.2.0.0/16' });
    const body = expectError(reply, 400, 'validation_failed');
    expect(body.params.errors[0]).toMatchObject({ field: 'network_id', rule: 'immutable' });
    expectError(
      await owner().put(`/api/v1/subnets/${created.id}`, { network_id: network, cidr: '10.2.0.1/16' }),
      400,
      'validation_failed',
    );
    expectError(await owner().put(`/api/v1/subnets/${created.id}`, { cidr: '10.2.0.0/16' }), 400, 'validation_failed');
    expect(expectOk(await owner().get(`/api/v1/subnets/${created.id}`))).toEqual(created);
    expect(await versions(created.id)).toHaveLength(1);
  });

  it('a Member or Viewer granted one network sees and writes the subnets of that network only', async () => {
    const granted = network;
    const ungranted = await addNetwork(ctx.http, org.owner.session);
    const mine = await addSubnet({ cidr: '10.10.0.0/16', name: 'mine' });
    const theirs = expectOk(
      await owner().post('/api/v1/subnets', { network_id: ungranted, cidr: '10.11.0.0/16', name: 'theirs' }),
      201,
    );
    const member = await addUser(ctx.http, org.owner.session, 'Member', [granted]);
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [granted]);
    const scopedKey = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [granted] });
    const at = new Date().toISOString();

    for (const caller of [member.session, viewer.session, scopedKey.bearer]) {
      const http = ctx.http.as(caller);
      expect(ids(await http.get('/api/v1/subnets'))).toEqual([mine.id]);
      expect((await http.get('/api/v1/subnets')).body.meta.pagination.total_count).toBe(1);
      expect(ids(await http.get(`/api/v1/subnets?at=${encodeURIComponent(at)}`))).toEqual([mine.id]);
      expect(ids(await http.get(`/api/v1/subnets?network_id=${ungranted}`))).toEqual([]);
      expect(ids(await http.get(`/api/v1/subnets?network_id=${granted}`))).toEqual([mine.id]);
      expect(expectOk(await http.get(`/api/v1/subnets/${mine.id}`))).toEqual(mine);
      const notFound = expectError(await http.get(`/api/v1/subnets/${theirs.id}`), 404, 'entity_not_found');
      expect(notFound.params).toEqual({ entity: 'subnet', id: theirs.id });
    }
    for (const caller of [member.session, scopedKey.bearer]) {
      const http = ctx.http.as(caller);
      expectError(
        await http.put(`/api/v1/subnets/${theirs.id}`, { network_id: ungranted, cidr: '10.11.0.0/16', name: 'x' }),
        404,
        'entity_not_found',
      );
      expectError(await http.delete(`/api/v1/subnets/${theirs.id}`), 404, 'entity_not_found');
      const post = await http.post('/api/v1/subnets', { network_id: ungranted, cidr: '10.12.0.0/16' });
      expect(expectError(post, 404, 'entity_not_found').params).toEqual({ entity: 'network', id: ungranted });
    }
    // The Viewer is refused every write, on its own network too.
    const viewerHttp = ctx.http.as(viewer.session);
    expect(
      expectError(
        await viewerHttp.post('/api/v1/subnets', { network_id: granted, cidr: '10.13.0.0/16' }),
        403,
        'auth_permission_denied',
      ).params,
    ).toEqual({ required_role: 'Member' });
    expectError(
      await viewerHttp.put(`/api/v1/subnets/${mine.id}`, { network_id: granted, cidr: '10.10.0.0/16', name: 'v' }),
      403,
      'auth_permission_denied',
    );
    expectError(await viewerHttp.delete(`/api/v1/subnets/${mine.id}`), 403, 'auth_permission_denied');

    // The ungranted network's subnet is untouched: one live row, as created.
    expect(expectOk(await owner().get(`/api/v1/subnets/${theirs.id}`))).toEqual(theirs);
    expect(await versions(theirs.id)).toHaveLength(1);
    expect(await versions(mine.id)).toHaveLength(1);

    // On the granted network the Member writes.
    const memberHttp = ctx.http.as(member.session);
    const made = expectOk(await memberHttp.post('/api/v1/subnets', { network_id: granted, cidr: '10.14.0.0/16' }), 201);
    expect(made.network_id).toBe(granted);
    const renamed = expectOk(
      await memberHttp.put(`/api/v1/subnets/${mine.id}`, {
        network_id: granted,
        cidr: '10.10.0.0/16',
        name: 'by member',
      }),
    );
    expect(renamed.name).toBe('by member');
    expect(expectOk(await memberHttp.delete(`/api/v1/subnets/${made.id}`))).toEqual({});
    expect(ids(await owner().get('/api/v1/subnets')).sort()).toEqual([mine.id, theirs.id].sort());
  });

  it("another organization's subnets and networks are not found, for reads and writes alike", async () => {
    const other = await registerOrg(ctx.http);
    const foreignNetwork = await addNetwork(ctx.http, other.owner.session);
    const foreign = expectOk(
      await ctx.http
        .as(other.owner.session)
        .post('/api/v1/subnets', { network_id: foreignNetwork, cidr: '10.50.0.0/16', name: 'theirs' }),
      201,
    );
    await addSubnet({ cidr: '10.60.0.0/16' });

    expectError(await owner().get(`/api/v1/subnets/${foreign.id}`), 404, 'entity_not_found');
    expectError(
      await owner().put(`/api/v1/subnets/${foreign.id}`, {
        network_id: foreignNetwork,
        cidr: '10.50.0.0/16',
        name: 'x',
      }),
      404,
      'entity_not_found',
    );
    expectError(
      await owner().put(`/api/v1/subnets/${foreign.id}`, { network_id: network, cidr: '10.50.0.0/16', name: 'x' }),
      404,
      'entity_not_found',
    );
    expectError(await owner().delete(`/api/v1/subnets/${foreign.id}`), 404, 'entity_not_found');
    const post = await owner().post('/api/v1/subnets', { network_id: foreignNetwork, cidr: '10.70.0.0/16' });
    expect(expectError(post, 404, 'entity_not_found').params).toEqual({ entity: 'network', id: foreignNetwork });
    expect(expectOk(await owner().get(`/api/v1/subnets?network_id=${foreignNetwork}`))).toEqual([]);
    expect(expectOk(await owner().get('/api/v1/subnets')).map((s: { cidr: string }) => s.cidr)).toEqual([
      '10.60.0.0/16',
    ]);

    expect(expectOk(await ctx.http.as(other.owner.session).get(`/api/v1/subnets/${foreign.id}`))).toEqual(foreign);
    expect(await versions(foreign.id)).toHaveLength(1);
    expect(await countRows()).toBe(1);
  });

  it('answers as of an instant: the version then, under the live id; nothing before creation or after delete', async () => {
    const created = await addSubnet({ cidr: '10.80.0.0/16', name: 'before', description: 'd' });
    await sleep(5);
    const updated = expectOk(
      await owner().put(`/api/v1/subnets/${created.id}`, {
        network_id: network,
        cidr: '10.80.0.0/16',
        name: 'after',
        description: 'd',
      }),
    );
    const t0 = created.valid_from as string;
    const t1 = updated.valid_from as string;
    expect(Date.parse(t1)).toBeGreaterThan(Date.parse(t0));

    const then = await asOf(between(t0, t1));
    expect(then).toEqual([
      expect.objectContaining({ id: created.id, name: 'before', cidr: '10.80.0.0/16', valid_from: t0, valid_to: t1 }),
    ]);
    expect(await asOf(t0)).toEqual([expect.objectContaining({ id: created.id, name: 'before' })]);
    expect(await asOf(t1)).toEqual([expect.objectContaining({ id: created.id, name: 'after', valid_to: null })]);
    expect(await asOf(shift(t0, -1))).toEqual([]);
    expect(await asOf(shift(t0, -60_000))).toEqual([]);
    expect(await asOf(between(t0, t1), `&network_id=${network}`)).toHaveLength(1);

    await sleep(5);
    expect(expectOk(await owner().delete(`/api/v1/subnets/${created.id}`))).toEqual({});
    expect(expectOk(await owner().get('/api/v1/subnets'))).toEqual([]);
    const [closed] = await ctx.t.dataSource.query(`SELECT valid_to FROM subnets WHERE id = $1`, [created.id]);
    const deletedAt = (closed.valid_to as Date).toISOString();
    expect(Date.parse(deletedAt)).toBeGreaterThan(Date.parse(t1));
    const beforeDelete = await asOf(between(t1, deletedAt));
    expect(beforeDelete).toEqual([expect.objectContaining({ id: created.id, name: 'after', valid_from: t1 })]);
    expect(await asOf(between(t0, t1))).toEqual([expect.objectContaining({ id: created.id, name: 'before' })]);
    expect(await asOf(deletedAt)).toEqual([]);
    expect(await asOf(new Date().toISOString())).toEqual([]);

    expectError(await owner().get('/api/v1/subnets?at=yesterday'), 400, 'validation_failed');
  });

  it('an update keeps one closed history row with lineage_id = the live id; an unchanged PUT writes nothing', async () => {
    const created = await addSubnet({ cidr: '2001:db8:80::/48', name: 'v1', description: 'first' });
    await sleep(5);
    const body = { network_id: network, cidr: '2001:db8:80::/48', name: 'v2', description: 'second' };
    const updated = expectOk(await owner().put(`/api/v1/subnets/${created.id}`, body));

    const rows = await versions(created.id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        lineage_id: created.id,
        organization_id: org.id,
        network_id: network,
        cidr: '2001:db8:80::/48',
        name: 'v1',
        description: 'first',
        created_at: new Date(created.created_at),
        updated_at: new Date(created.updated_at),
        valid_from: new Date(created.valid_from),
        valid_to: new Date(updated.valid_from),
      },
      {
        id: created.id,
        lineage_id: null,
        organization_id: org.id,
        network_id: network,
        cidr: '2001:db8:80::/48',
        name: 'v2',
        description: 'second',
        created_at: new Date(created.created_at),
        updated_at: new Date(updated.updated_at),
        valid_from: new Date(updated.valid_from),
        valid_to: null,
      },
    ]);
    expect(rows[0].id).not.toBe(created.id);
    // The history row is no subnet of its own: not readable by its id, not in the live list.
    expectError(await owner().get(`/api/v1/subnets/${rows[0].id}`), 404, 'entity_not_found');
    expect(ids(await owner().get('/api/v1/subnets'))).toEqual([created.id]);

    // Same values (the cidr in another spelling of the same network): no new version, updated_at kept.
    await sleep(5);
    const same = expectOk(
      await owner().put(`/api/v1/subnets/${created.id}`, { ...body, cidr: '2001:DB8:0080:0::/48' }),
    );
    expect(same).toEqual(updated);
    expect(await versions(created.id)).toEqual(rows);
  });

  it('pages the list in cidr order and filters it by network', async () => {
    const other = await addNetwork(ctx.http, org.owner.session);
    const c = await addSubnet({ cidr: '10.0.3.0/24' });
    const a = await addSubnet({ cidr: '10.0.1.0/24' });
    const b = await addSubnet({ cidr: '10.0.2.0/24' });
    const elsewhere = expectOk(await owner().post('/api/v1/subnets', { network_id: other, cidr: '10.0.0.0/24' }), 201);

    const page = await owner().get(`/api/v1/subnets?network_id=${network}&limit=2&offset=1`);
    expect(ids(page)).toEqual([b.id, c.id]);
    expect(page.body.meta.pagination).toEqual({ total_count: 3, limit: 2, offset: 1, has_more: false });
    const first = await owner().get(`/api/v1/subnets?network_id=${network}&limit=1`);
    expect(ids(first)).toEqual([a.id]);
    expect(first.body.meta.pagination).toEqual({ total_count: 3, limit: 1, offset: 0, has_more: true });
    const all = await owner().get('/api/v1/subnets?limit=0');
    expect(ids(all).sort()).toEqual([a.id, b.id, c.id, elsewhere.id].sort());
    expect(all.body.meta.pagination).toEqual({ total_count: 4, limit: 0, offset: 0, has_more: false });
    const past = await owner().get('/api/v1/subnets?offset=10');
    expect(ids(past)).toEqual([]);
    expect(past.body.meta.pagination).toEqual({ total_count: 4, limit: 50, offset: 10, has_more: false });
    expect(ids(await owner().get(`/api/v1/subnets?network_id=${other}`))).toEqual([elsewhere.id]);

    expect(expectError(await owner().get('/api/v1/subnets?limit=1001'), 400, 'validation_out_of_range').params).toEqual(
      { field: 'limit', min: 0, max: 1000 },
    );
    expectError(await owner().get('/api/v1/subnets?offset=-1'), 400, 'validation_out_of_range');
    expectError(await owner().get('/api/v1/subnets?network_id=nope'), 400, 'validation_failed');
  });

  it('answers a second live subnet with the same cidr in a network with 409, and frees the cidr on delete', async () => {
    const first = await addSubnet({ cidr: '10.90.0.0/16', name: 'first' });
    for (const cidr of ['10.90.0.0/16', ' 10.90.0.0/16']) {
      const reply = await owner().post('/api/v1/subnets', { network_id: network, cidr, name: 'second' });
      expect(expectError(reply, 409, 'entity_conflict').params.field).toMatch(/cidr/);
    }
    const second = await addSubnet({ cidr: '10.91.0.0/16', name: 'second' });
    const put = await owner().put(`/api/v1/subnets/${second.id}`, { network_id: network, cidr: '10.90.0.0/16' });
    expectError(put, 409, 'entity_conflict');
    // The refused update left no trace: no history row, the live row as it was.
    expect(await versions(second.id)).toHaveLength(1);
    expect(expectOk(await owner().get(`/api/v1/subnets/${second.id}`))).toEqual(second);

    // The same cidr in another network is fine.
    const other = await addNetwork(ctx.http, org.owner.session);
    expectOk(await owner().post('/api/v1/subnets', { network_id: other, cidr: '10.90.0.0/16' }), 201);
    // Once deleted, the cidr may be used again; the closed row stays for history.
    expectOk(await owner().delete(`/api/v1/subnets/${first.id}`));
    const again = await addSubnet({ cidr: '10.90.0.0/16', name: 'again' });
    expect(again.id).not.toBe(first.id);
    expect(await versions(first.id)).toEqual([expect.objectContaining({ id: first.id, valid_to: expect.any(Date) })]);
  });

  it('refuses to delete a subnet that still holds live IP addresses (409), and deletes it once they are gone', async () => {
    const subnet = await addSubnet({ cidr: '10.95.0.0/24' });
    const [host] = await ctx.t.dataSource.query(
      `INSERT INTO hosts (organization_id, network_id, name) VALUES ($1, $2, 'h') RETURNING id`,
      [org.id, network],
    );
    const [ip] = await ctx.t.dataSource.query(
      `INSERT INTO ip_addresses (organization_id, network_id, host_id, subnet_id, ip_address)
       VALUES ($1, $2, $3, $4, '10.95.0.5') RETURNING id`,
      [org.id, network, host.id, subnet.id],
    );
    const reply = await owner().delete(`/api/v1/subnets/${subnet.id}`);
    expect(expectError(reply, 409, 'entity_conflict').params).toMatchObject({ field: 'id' });
    expect(expectOk(await owner().get(`/api/v1/subnets/${subnet.id}`))).toEqual(subnet);

    await ctx.t.dataSource.query(`UPDATE ip_addresses SET valid_to = now() WHERE id = $1`, [ip.id]);
    expect(expectOk(await owner().delete(`/api/v1/subnets/${subnet.id}`))).toEqual({});
    expectError(await owner().get(`/api/v1/subnets/${subnet.id}`), 404, 'entity_not_found');
  });

  it('serializes concurrent PUTs: one version per change, and versions never overlap', async () => {
    const subnet = await addSubnet({ cidr: '10.99.0.0/16', name: 'v0' });
    const puts: Reply[] = [];
    for (let round = 0; round < 3; round++) {
      const body = (i: number) => ({ network_id: network, cidr: '10.99.0.0/16', name: `r${round}-${i}` });
      puts.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, i) => owner().put(`/api/v1/subnets/${subnet.id}`, body(i))),
        )),
      );
    }
    expect(puts.map((r) => r.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const rows = await versions(subnet.id);
    // One version per accepted change, each ending where the next begins; only the last is live.
    expect(rows).toHaveLength(1 + puts.filter((r) => r.status === 200).length);
    const spans: { from: string; to: string | null }[] = rows.map((r: { valid_from: Date; valid_to: Date | null }) => ({
      from: r.valid_from.toISOString(),
      to: r.valid_to?.toISOString() ?? null,
    }));
    expect(spans).toEqual(spans.map((span, i) => ({ from: span.from, to: spans[i + 1]?.from ?? null })));
  });

  it('a PUT racing a DELETE answers 200 (before it) or 404 (after it), never 500; one of two DELETEs deletes', async () => {
    const outcomes: { round: number; puts: number[]; deletes: number[] }[] = [];
    for (let round = 0; round < 25; round++) {
      const cidr = `10.${100 + round}.0.0/16`;
      const { id } = await addSubnet({ cidr });
      const [put1, delete1, put2, delete2] = await Promise.all([
        owner().put(`/api/v1/subnets/${id}`, { network_id: network, cidr, name: 'one' }),
        owner().delete(`/api/v1/subnets/${id}`),
        owner().put(`/api/v1/subnets/${id}`, { network_id: network, cidr, name: 'two' }),
        owner().delete(`/api/v1/subnets/${id}`),
      ]);
      outcomes.push({ round, puts: [put1.status, put2.status], deletes: [delete1.status, delete2.status].sort() });
      expect((await versions(id)).filter((r: { valid_to: Date | null }) => r.valid_to === null)).toEqual([]);
    }
    // Each PUT either came before the delete (200) or after it (404); exactly one DELETE deleted.
    const wrong = outcomes.filter(
      (o) => o.puts.some((status) => status !== 200 && status !== 404) || o.deletes.join() !== '200,404',
    );
    expect(wrong).toEqual([]);
  });
});
