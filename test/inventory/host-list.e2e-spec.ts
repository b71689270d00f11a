import { randomUUID } from 'node:crypto';
import { Credentials, expectError, expectOk, HttpClient, Reply } from '../support/http';
import { addHost, addSubnet, addTag, Host, idsOf, listedIds, setSeen, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, Org, registerOrg } from '../support/tenants';

const FIELDS = [
  'created_at',
  'updated_at',
  'last_seen_at',
  'name',
  'hostname',
  'network_id',
  'virtualized_by',
  'interface_ip',
] as const;
type Field = (typeof FIELDS)[number];
type Direction = 'asc' | 'desc';
type Key = string | number | null;

const q = encodeURIComponent;
const ipNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const lowestIp = (h: Host): string | null =>
  h.ip_addresses.length === 0
    ? null
    : h.ip_addresses
        .map((ip: { ip_address: string }) => ip.ip_address)
        .sort((a: string, b: string) => ipNumber(a) - ipNumber(b))[0];

/** The value a host is sorted and grouped by, read from the host as the API returned it. */
function keyOf(h: Host, field: Field): Key {
  switch (field) {
    case 'created_at':
    case 'updated_at':
    case 'last_seen_at':
      return h[field] === null ? null : Date.parse(h[field]);
    case 'name':
    case 'hostname':
    case 'network_id':
      return h[field];
    case 'virtualized_by':
      return h.virtualization?.host_id ?? null;
    case 'interface_ip': {
      const ip = lowestIp(h);
      return ip === null ? null : ipNumber(ip);
    }
  }
}

/** How the host shows that value: what a group's `value` should read. */
function shownValueOf(h: Host, field: Field): string | null {
  if (field === 'virtualized_by') return h.virtualization?.host_id ?? null;
  if (field === 'interface_ip') return lowestIp(h);
  return h[field];
}

/** Ascending puts nulls last; descending is its exact reverse (nulls first). */
function compareKeys(a: Key, b: Key, direction: Direction): number {
  const sign = direction === 'asc' ? 1 : -1;
  if (a === b) return 0;
  if (a === null) return sign;
  if (b === null) return -sign;
  return (a < b ? -1 : 1) * sign;
}

/** group_by ascending, then order_by in its direction, then id: the order the contract asks for. */
function expectedOrder(hosts: Host[], o: { groupBy?: Field; orderBy?: Field; direction?: Direction }): string[] {
  return [...hosts]
    .sort(
      (x, y) =>
        (o.groupBy ? compareKeys(keyOf(x, o.groupBy), keyOf(y, o.groupBy), 'asc') : 0) ||
        // order_by defaults to created_at (contract: HostOrderField)
        compareKeys(keyOf(x, o.orderBy ?? 'created_at'), keyOf(y, o.orderBy ?? 'created_at'), o.direction ?? 'asc') ||
        (x.id < y.id ? -1 : 1),
    )
    .map((h) => h.id);
}

/** Groups of the whole set, ascending by key (null last), each with the host's own value. */
function expectedGroups(hosts: Host[], field: Field): { value: string | null; count: number }[] {
  const sorted = [...hosts].sort((x, y) => compareKeys(keyOf(x, field), keyOf(y, field), 'asc'));
  const groups: { key: Key; value: string | null; count: number }[] = [];
  for (const h of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.key === keyOf(h, field)) last.count++;
    else groups.push({ key: keyOf(h, field), value: shownValueOf(h, field), count: 1 });
  }
  return groups.map(({ value, count }) => ({ value, count }));
}

/** Every page of `query` with limit 1, concatenated; checks each page's pagination on the way. */
async function pageThrough(http: HttpClient, who: Credentials, query: string, total: number): Promise<string[]> {
  const seen: string[] = [];
  for (let offset = 0; offset < total; offset++) {
    const reply = await http.as(who).get(`/api/v1/hosts?${query}&limit=1&offset=${offset}`);
    seen.push(...listedIds(reply));
    expect(reply.body.meta.pagination).toMatchObject({
      total_count: total,
      limit: 1,
      offset,
      has_more: offset < total - 1,
    });
  }
  return seen;
}

describe('GET /api/v1/hosts', () => {
  const ctx = useTestApp();

  describe('filters, paging and children', () => {
    let org: Org;
    let net: string;
    let subnet: string;
    const me = () => ctx.http.as(org.owner.session);
    const list = (query = '') => me().get(`/api/v1/hosts${query ? `?${query}` : ''}`);
    const host = (body: Record<string, unknown> = {}, network = net) =>
      addHost(ctx.http, org.owner.session, network, body);

    beforeEach(async () => {
      org = await registerOrg(ctx.http);
      net = await addNetwork(ctx.http, org.owner.session);
      subnet = await addSubnet(ctx.http, org.owner.session, net, '10.1.0.0/24');
    });

    it('lists the hosts with their children and tags in creation order, in the envelope, as GET /hosts/{id} shows them', async () => {
      const tag = await addTag(ctx.http, org.owner.session);
      const [ip, port] = [randomUUID(), randomUUID()];
      const full = await host({
        name: 'web',
        hostname: 'web.lan',
        description: 'front, café ✓',
        tags: [tag],
        ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: '10.1.0.10' }],
        ports: [{ id: port, number: 443, protocol: 'Tcp', type: 'Https' }],
        services: [
          {
            name: 'nginx',
            service_definition: 'Nginx',
            bindings: [{ type: 'Port', ip_address_id: ip, port_id: port }],
          },
        ],
        interfaces: [{ if_index: 1, if_name: 'eth0', ip_address_id: ip }],
      });
      const bare = await host({ name: 'bare' });
      expect(full).toMatchObject({
        network_id: net,
        name: 'web',
        tags: [tag],
        ip_addresses: [{ id: ip, host_id: full.id, ip_address: '10.1.0.10' }],
        ports: [{ id: port, host_id: full.id, number: 443 }],
        services: [{ name: 'nginx', bindings: [{ ip_address_id: ip, port_id: port, type: 'Port' }] }],
        interfaces: [{ if_name: 'eth0', ip_address_id: ip }],
      });
      expect(bare).toMatchObject({ tags: [], ip_addresses: [], ports: [], services: [], interfaces: [] });
      const specFields = ['id', 'network_id', 'name', 'hostname', 'description', 'hidden', 'created_at', 'updated_at'];
      specFields.push('last_seen_at', 'source', 'tags', 'virtualization', 'credential_assignments');
      specFields.push('ip_addresses', 'ports', 'services', 'interfaces');
      expect(Object.keys(full)).toEqual(expect.arrayContaining(specFields));

      const reply = await list();
      expect(reply.body).toEqual({
        success: true,
        data: [full, bare],
        meta: {
          api_version: 1,
          server_version: expect.any(String),
          request_id: expect.any(String),
          pagination: { total_count: 2, limit: 50, offset: 0, has_more: false },
        },
      });
      expect(expectOk(await me().get(`/api/v1/hosts/${full.id}`))).toEqual(full);
      expect(expectOk(await me().get(`/api/v1/hosts/${bare.id}`))).toEqual(bare);
    });

    it('network_id keeps to one network; an unknown one gives an empty page; a bad one is 400', async () => {
      const other = await addNetwork(ctx.http, org.owner.session);
      const a1 = await host();
      const b1 = await host({}, other);
      const a2 = await host();
      const mine = await list(`network_id=${net}`);
      expect(listedIds(mine)).toEqual([a1.id, a2.id]);
      expect(mine.body.meta.pagination).toEqual({ total_count: 2, limit: 50, offset: 0, has_more: false });
      expect(listedIds(await list(`network_id=${other}`))).toEqual([b1.id]);
      const unknown = await list(`network_id=${randomUUID()}`);
      expect(listedIds(unknown)).toEqual([]);
      expect(unknown.body.meta.pagination).toEqual({ total_count: 0, limit: 50, offset: 0, has_more: false });
      expect(listedIds(await list())).toEqual([a1.id, b1.id, a2.id]);
      const bad = expectError(await list('network_id=nope'), 400, 'validation_failed');
      expect(bad.params.errors.map((e: { field: string }) => e.field)).toEqual(['network_id']);
    });

    it('ids: repeated and comma lists alike, in list order, combined with network_id; a bad uuid is 400', async () => {
      const other = await addNetwork(ctx.http, org.owner.session);
      const h1 = await host();
      const h2 = await host();
      const h3 = await host({}, other);
      expect(listedIds(await list(`ids=${h3.id}&ids=${h1.id}`))).toEqual([h1.id, h3.id]);
      const comma = await list(`ids=${h3.id},${h1.id}`);
      expect(listedIds(comma)).toEqual([h1.id, h3.id]);
      expect(comma.body.meta.pagination).toEqual({ total_count: 2, limit: 50, offset: 0, has_more: false });
      expect(listedIds(await list(`ids=${h2.id},${h3.id}&ids=${h1.id}`))).toEqual([h1.id, h2.id, h3.id]);
      expect(listedIds(await list(`ids=${h2.id},${randomUUID()}`))).toEqual([h2.id]);
      const repeated = await list(`ids=${h2.id},${h2.id}&ids=${h2.id}`);
      expect(listedIds(repeated)).toEqual([h2.id]);
      expect(repeated.body.meta.pagination.total_count).toBe(1);
      expect(listedIds(await list(`ids=${h1.id},${h3.id}&network_id=${other}`))).toEqual([h3.id]);
      expect(listedIds(await list(`ids=${h1.id}&network_id=${other}`))).toEqual([]);
      for (const bad of [`ids=${h1.id},nope`, `ids=${h1.id}&ids=nope`, 'ids=nope']) {
        const body = expectError(await list(bad), 400, 'validation_failed');
        expect(body.params.errors.map((e: { field: string }) => e.field)).toEqual(['ids']);
      }
    });

    it('tag_ids: hosts with ANY of the tags, each once; follows a PUT that drops a tag; a bad uuid is 400', async () => {
      const [t1, t2, t3] = [
        await addTag(ctx.http, org.owner.session),
        await addTag(ctx.http, org.owner.session),
        await addTag(ctx.http, org.owner.session),
      ];
      const hA = await host({ tags: [t1] });
      const hB = await host({ tags: [t2] });
      const hAB = await host({ name: 'both', tags: [t1, t2] });
      const none = await host();
      expect(hAB.tags).toEqual([t1, t2].sort());
      expect(listedIds(await list(`tag_ids=${t1}`))).toEqual([hA.id, hAB.id]);
      const any = await list(`tag_ids=${t1},${t2}`);
      expect(listedIds(any)).toEqual([hA.id, hB.id, hAB.id]);
      expect(any.body.meta.pagination.total_count).toBe(3);
      expect(listedIds(await list(`tag_ids=${t2}&tag_ids=${t1}`))).toEqual([hA.id, hB.id, hAB.id]);
      expect(listedIds(await list(`tag_ids=${t3}`))).toEqual([]);
      expect(listedIds(await list(`tag_ids=${t2}&ids=${hA.id},${hAB.id}`))).toEqual([hAB.id]);
      expect(listedIds(await list())).toEqual([hA.id, hB.id, hAB.id, none.id]);

      await sleep(20);
      const beforePut = new Date();
      await sleep(20);
      expectOk(await me().put(`/api/v1/hosts/${hAB.id}`, { network_id: net, name: 'both', tags: [t2] }));
      expect(listedIds(await list(`tag_ids=${t1}`))).toEqual([hA.id]);
      expect(listedIds(await list(`tag_ids=${t1}&at=${q(beforePut.toISOString())}`))).toEqual([hA.id, hAB.id]);
      const body = expectError(await list(`tag_ids=${t1},x`), 400, 'validation_failed');
      expect(body.params.errors.map((e: { field: string }) => e.field)).toEqual(['tag_ids']);
    });

    it('search: case-insensitive over name, hostname, description, IP text and service names; trimmed; blank matches nothing', async () => {
      const byName = await host({ name: 'Alpha-Web' });
      const byHostname = await host({ name: 'h2', hostname: 'ALPHA.example' });
      const byDescription = await host({ name: 'h3', description: 'runs the alpha jobs' });
      const byIp = await host({ name: 'h4', ip_addresses: [{ subnet_id: subnet, ip_address: '10.1.0.77' }] });
      const byService = await host({ name: 'h5', services: [{ name: 'AlphaDB', service_definition: 'Postgres' }] });
      const other = await host({
        name: 'h6',
        hostname: 'beta',
        ip_addresses: [{ subnet_id: subnet, ip_address: '10.1.0.5' }],
        services: [{ name: 'postgres', service_definition: 'Postgres' }],
      });
      const alphas = [byName.id, byHostname.id, byDescription.id, byService.id];
      const found = await list('search=alpha');
      expect(listedIds(found)).toEqual(alphas);
      expect(found.body.meta.pagination).toEqual({ total_count: 4, limit: 50, offset: 0, has_more: false });
      expect(listedIds(await list('search=ALPHA'))).toEqual(alphas);
      expect(listedIds(await list(`search=${q('  aLpHa\t')}`))).toEqual(alphas);
      expect(listedIds(await list('search=0.77'))).toEqual([byIp.id]);
      const v6 = await addSubnet(ctx.http, org.owner.session, net, 'fd00:ab::/64');
      const byIpv6 = await host({ name: 'h7', ip_addresses: [{ subnet_id: v6, ip_address: 'fd00:ab::be' }] });
      expect(listedIds(await list('search=AB::BE'))).toEqual([byIpv6.id]);
      expect(listedIds(await list('search=10.1.0.'))).toEqual([byIp.id, other.id]);
      expect(listedIds(await list('search=POSTGRES'))).toEqual([other.id]);
      expect(listedIds(await list(`search=alpha&ids=${byName.id},${byIp.id},${byService.id}`))).toEqual([
        byName.id,
        byService.id,
      ]);
      const elsewhere = await addNetwork(ctx.http, org.owner.session);
      expect(listedIds(await list(`search=alpha&network_id=${elsewhere}`))).toEqual([]);
      for (const blank of ['search=', `search=${q('   ')}`]) {
        const reply = await list(blank);
        expect(listedIds(reply)).toEqual([]);
        expect(reply.body.meta.pagination).toEqual({ total_count: 0, limit: 50, offset: 0, has_more: false });
      }
      const blankGroups = await list(`search=${q(' ')}&group_by=name`);
      expect(listedIds(blankGroups)).toEqual([]);
      expect(blankGroups.body.meta.pagination).toEqual({
        total_count: 0,
        limit: 50,
        offset: 0,
        has_more: false,
        group_counts: [],
      });
      const grouped = await list('search=alpha&group_by=name&limit=1');
      expect(grouped.body.meta.pagination.group_counts).toEqual([
        { value: 'Alpha-Web', count: 1 },
        { value: 'h2', count: 1 },
        { value: 'h3', count: 1 },
        { value: 'h5', count: 1 },
      ]);

      // Children removed by a PUT stop matching.
      expectOk(await me().put(`/api/v1/hosts/${byService.id}`, { network_id: net, name: 'h5', services: [] }));
      expectOk(await me().put(`/api/v1/hosts/${byIp.id}`, { network_id: net, name: 'h4' }));
      expect(listedIds(await list('search=alpha'))).toEqual([byName.id, byHostname.id, byDescription.id]);
      expect(listedIds(await list('search=10.1.0.'))).toEqual([other.id]);
    });

    it('search: % and _ and \\ match literally', async () => {
      const underscore = await host({ name: 'a_b' });
      await host({ name: 'axb' });
      const percent = await host({ name: '100%' });
      await host({ name: '1000' });
      const backslash = await host({ name: 'c\\d' });
      expect(listedIds(await list(`search=${q('a_b')}`))).toEqual([underscore.id]);
      expect(listedIds(await list(`search=${q('_')}`))).toEqual([underscore.id]);
      expect(listedIds(await list(`search=${q('%')}`))).toEqual([percent.id]);
      expect(listedIds(await list(`search=${q('0%')}`))).toEqual([percent.id]);
      expect(listedIds(await list(`search=${q('a%b')}`))).toEqual([]);
      expect(listedIds(await list(`search=${q('\\')}`))).toEqual([backslash.id]);
      expect(listedIds(await list(`search=${q('c\\d')}`))).toEqual([backslash.id]);
    });

    it('include_children=false empties the four child arrays and keeps everything else, tags included', async () => {
      const tag = await addTag(ctx.http, org.owner.session);
      const ip = randomUUID();
      const full = await host({
        name: 'full',
        tags: [tag],
        ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: '10.1.0.10' }],
        ports: [{ number: 22, protocol: 'Tcp', type: 'Ssh' }],
        services: [{ name: 'sshd', service_definition: 'Ssh' }],
        interfaces: [{ if_index: 1, if_name: 'eth0', ip_address_id: ip }],
      });
      const plain = await host({ name: 'plain' });
      for (const kind of ['ip_addresses', 'ports', 'services', 'interfaces']) expect(full[kind]).toHaveLength(1);
      const childless = { ip_addresses: [], ports: [], services: [], interfaces: [] };
      const reply = await list('include_children=false');
      expect(expectOk(reply)).toEqual([{ ...full, ...childless }, plain]);
      expect(reply.body.meta.pagination).toEqual({ total_count: 2, limit: 50, offset: 0, has_more: false });
      expect(expectOk(await list('include_children=true'))).toEqual([full, plain]);
      // Filters on children still apply when the children are left out.
      expect(expectOk(await list('include_children=false&search=10.1.0.10'))).toEqual([{ ...full, ...childless }]);
      expect(expectOk(await list('include_children=false&search=sshd'))).toEqual([{ ...full, ...childless }]);
      expectError(await list('include_children=nope'), 400, 'validation_failed');
    });

    it('pages: default limit 50, limit 0 and 1000 return all, offset past the end is empty', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 51; i++) ids.push((await host({ name: `h${i}` })).id);
      const first = await list();
      expect(listedIds(first)).toEqual(ids.slice(0, 50));
      expect(first.body.meta.pagination).toEqual({ total_count: 51, limit: 50, offset: 0, has_more: true });
      const rest = await list('offset=50');
      expect(listedIds(rest)).toEqual(ids.slice(50));
      expect(rest.body.meta.pagination).toEqual({ total_count: 51, limit: 50, offset: 50, has_more: false });
      const all = await list('limit=0');
      expect(listedIds(all)).toEqual(ids);
      expect(all.body.meta.pagination).toEqual({ total_count: 51, limit: 0, offset: 0, has_more: false });
      const max = await list('limit=1000');
      expect(listedIds(max)).toEqual(ids);
      expect(max.body.meta.pagination).toEqual({ total_count: 51, limit: 1000, offset: 0, has_more: false });
      const tail = await list('limit=0&offset=49');
      expect(listedIds(tail)).toEqual(ids.slice(49));
      expect(tail.body.meta.pagination).toEqual({ total_count: 51, limit: 0, offset: 49, has_more: false });
      const middle = await list('limit=10&offset=40');
      expect(listedIds(middle)).toEqual(ids.slice(40, 50));
      expect(middle.body.meta.pagination).toEqual({ total_count: 51, limit: 10, offset: 40, has_more: true });
      const last = await list('limit=10&offset=45');
      expect(listedIds(last)).toEqual(ids.slice(45));
      expect(last.body.meta.pagination).toEqual({ total_count: 51, limit: 10, offset: 45, has_more: false });
      for (const offset of [51, 1000]) {
        const past = await list(`offset=${offset}`);
        expect(listedIds(past)).toEqual([]);
        expect(past.body.meta.pagination).toEqual({ total_count: 51, limit: 50, offset, has_more: false });
      }
    });

    it('refuses limit and offset out of range, and bad values of the other parameters', async () => {
      for (const limit of [1001, -1]) {
        expect(expectError(await list(`limit=${limit}`), 400, 'validation_out_of_range').params).toEqual({
          field: 'limit',
          min: 0,
          max: 1000,
        });
      }
      expect(expectError(await list('offset=-1'), 400, 'validation_out_of_range').params).toMatchObject({
        field: 'offset',
        min: 0,
      });
      expectError(await list('limit=1.5'), 400, 'validation_failed');
      expectError(await list('limit=abc'), 400, 'validation_failed');
      expectError(await list('offset=x'), 400, 'validation_failed');
      expect((await list('limit=')).body.meta.pagination).toMatchObject({ limit: 50, offset: 0 });
      for (const bad of [
        'group_by=bogus',
        'order_by=bogus',
        'order_by=NAME',
        'order_direction=sideways',
        'stale=maybe',
        'at=yesterday',
      ]) {
        const body = expectError(await list(bad), 400, 'validation_failed');
        expect(body.params.errors.map((e: { field: string }) => e.field)).toEqual([bad.split('=')[0]]);
      }
      expectError(await me().get(`/api/v1/hosts/${randomUUID()}?at=nope`), 400, 'validation_failed');
      expectError(await me().get('/api/v1/hosts/not-a-uuid'), 400, 'validation_failed');
    });

    it('at: hosts and children as of an instant, with the live ids; GET /hosts/{id}?at= likewise', async () => {
      const tag = await addTag(ctx.http, org.owner.session);
      const beforeAnything = new Date();
      await sleep(20);
      const keeper = await host({ name: 'keeper' });
      await sleep(20);
      const beforeCreate = new Date();
      await sleep(20);
      const [p80, p443, ip] = [randomUUID(), randomUUID(), randomUUID()];
      const body = {
        network_id: net,
        name: 'old-name',
        tags: [tag],
        ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: '10.1.0.20' }],
        ports: [
          { id: p80, number: 80, protocol: 'Tcp', type: 'Http' },
          { id: p443, number: 443, protocol: 'Tcp', type: 'Https' },
        ],
      };
      const created: Host = expectOk(await me().post('/api/v1/hosts', body), 201);
      await sleep(20);
      const afterCreate = new Date();
      await sleep(20);
      const updated: Host = expectOk(
        await me().put(`/api/v1/hosts/${created.id}`, {
          ...body,
          name: 'new-name',
          ports: [{ ...body.ports[0], number: 8080 }],
        }),
      );
      expect(updated.ports).toMatchObject([{ id: p80, number: 8080, valid_from: updated.valid_from }]);
      await sleep(20);
      const afterUpdate = new Date();
      await sleep(20);
      expectOk(await me().delete(`/api/v1/hosts/${created.id}`));
      await sleep(20);
      const afterDelete = new Date();
      const [{ closed }] = await ctx.t.dataSource.query(`SELECT valid_to AS closed FROM hosts WHERE id = $1`, [
        created.id,
      ]);
      const deletedAt = (closed as Date).toISOString();
      const renamedAt: string = updated.valid_from;
      expect(Date.parse(renamedAt)).toBeGreaterThan(Date.parse(created.valid_from));

      // Each version carries its own valid_to; the rows still live at that instant were closed by the delete.
      // Port 80 was changed (a history copy under the live id); whether its lineage_id then reads null or the
      // live id, the contract leaves open.
      const nullOrLiveId = { asymmetricMatch: (v: unknown) => v === null || v === p80, toString: () => 'nullOrLiveId' };
      const asCreated = {
        ...created,
        valid_to: renamedAt,
        ip_addresses: [{ ...created.ip_addresses[0], valid_to: deletedAt }],
        ports: [
          { ...created.ports[0], valid_to: renamedAt, lineage_id: nullOrLiveId },
          { ...created.ports[1], valid_to: renamedAt },
        ],
      };
      const asUpdated = {
        ...updated,
        valid_to: deletedAt,
        ip_addresses: [{ ...updated.ip_addresses[0], valid_to: deletedAt }],
        ports: [{ ...updated.ports[0], valid_to: deletedAt }],
      };
      const at = (instant: Date, more = '') => list(`at=${q(instant.toISOString())}${more}`);

      const then = await at(afterCreate);
      expect(expectOk(then)).toEqual([keeper, asCreated]);
      expect(asCreated).toMatchObject({ id: created.id, name: 'old-name', tags: [tag] });
      expect(asCreated.ports.map((p: { id: string }) => p.id)).toEqual([p80, p443]);
      expect(then.body.meta.pagination).toEqual({ total_count: 2, limit: 50, offset: 0, has_more: false });
      expect(expectOk(await at(afterUpdate))).toEqual([keeper, asUpdated]);
      expect(asUpdated).toMatchObject({ id: created.id, name: 'new-name' });
      expect(expectOk(await at(afterDelete))).toEqual([keeper]);
      expect(await pageThrough(ctx.http, org.owner.session, `at=${q(afterCreate.toISOString())}`, 2)).toEqual([
        keeper.id,
        created.id,
      ]);
      expect(expectOk(await list())).toEqual([keeper]);
      expect(listedIds(await at(beforeCreate))).toEqual([keeper.id]);
      const empty = await at(beforeAnything);
      expect(listedIds(empty)).toEqual([]);
      expect(empty.body.meta.pagination).toEqual({ total_count: 0, limit: 50, offset: 0, has_more: false });

      // Filters, order and include_children read the state of that instant too.
      expect(listedIds(await at(afterCreate, `&ids=${created.id}`))).toEqual([created.id]);
      expect(listedIds(await at(beforeCreate, `&ids=${created.id}`))).toEqual([]);
      expect(listedIds(await at(afterCreate, '&search=old-name'))).toEqual([created.id]);
      expect(listedIds(await at(afterUpdate, '&search=old-name'))).toEqual([]);
      expect(listedIds(await at(afterUpdate, '&search=new-name'))).toEqual([created.id]);
      expect(listedIds(await list('search=new-name'))).toEqual([]);
      expect(listedIds(await at(afterCreate, '&search=10.1.0.20'))).toEqual([created.id]);
      expect(listedIds(await at(afterCreate, `&tag_ids=${tag}`))).toEqual([created.id]);
      expect(listedIds(await list(`tag_ids=${tag}`))).toEqual([]);
      // 'keeper' < 'new-name' < 'old-name'; 'zzz' would sort last either way, so names decide.
      expect(listedIds(await at(afterCreate, '&order_by=name&order_direction=desc'))).toEqual([created.id, keeper.id]);
      expect(listedIds(await at(afterUpdate, '&order_by=name&order_direction=asc'))).toEqual([keeper.id, created.id]);
      expect(expectOk(await at(afterCreate, '&include_children=false'))).toEqual([
        keeper,
        { ...asCreated, ip_addresses: [], ports: [], services: [], interfaces: [] },
      ]);

      const one = (instant?: Date) =>
        me().get(`/api/v1/hosts/${created.id}${instant ? `?at=${q(instant.toISOString())}` : ''}`);
      expect(expectOk(await one(afterCreate))).toEqual(asCreated);
      expect(expectOk(await one(afterUpdate))).toEqual(asUpdated);
      // valid_from <= at < valid_to, to the millisecond the API reports.
      const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
      const versionAt = async (instant: Date) => {
        const reply = await one(instant);
        if (reply.status === 404) return null;
        const h = expectOk(reply);
        return [h.name, h.ports.map((p: { id: string; number: number }) => [p.id, p.number])];
      };
      const before = [
        'old-name',
        [
          [p80, 80],
          [p443, 443],
        ],
      ];
      const after = ['new-name', [[p80, 8080]]];
      expect(await versionAt(shift(created.valid_from, -1))).toBeNull();
      expect(await versionAt(new Date(created.valid_from))).toEqual(before);
      expect(await versionAt(shift(renamedAt, -1))).toEqual(before);
      expect(await versionAt(new Date(renamedAt))).toEqual(after);
      expect(await versionAt(shift(deletedAt, -1))).toEqual(after);
      expect(await versionAt(new Date(deletedAt))).toBeNull();
      expect(expectOk(await at(new Date('2999-01-01T00:00:00Z')))).toEqual([keeper]);
      for (const instant of [beforeCreate, afterDelete, undefined]) {
        expect(expectError(await one(instant), 404, 'entity_not_found').params).toEqual({
          entity: 'host',
          id: created.id,
        });
      }
    });
  });

  describe('stale', () => {
    let org: Org;
    const me = () => ctx.http.as(org.owner.session);
    const list = (query: string) => me().get(`/api/v1/hosts?${query}`);
    const setWindow = async (id: string, name: string, hours: number | null) =>
      expect(
        expectOk(await me().put(`/api/v1/networks/${id}`, { name, stale_after_hours: hours }))
          .effective_stale_after_hours,
      ).toBe(hours ?? 672);

    beforeEach(async () => {
      org = await registerOrg(ctx.http);
    });

    it('only Discovery hosts unseen for longer than their own network window; true and false partition the set; window changes apply at once', async () => {
      const day = await addNetwork(ctx.http, org.owner.session, { name: 'day', stale_after_hours: 24 });
      const dflt = await addNetwork(ctx.http, org.owner.session, { name: 'default' });
      const add = (network: string) => addHost(ctx.http, org.owner.session, network);
      const seen23 = await add(day);
      const seen25 = await add(day);
      const justInside = await add(day);
      const justOutside = await add(day);
      const manualOld = await add(day);
      const systemOld = await add(day);
      const neverSeen = await add(day);
      const seen671 = await add(dflt);
      const seen673 = await add(dflt);
      const db = ctx.t.dataSource;
      await setSeen(db, seen23.id, { hoursAgo: 23 });
      await setSeen(db, seen25.id, { hoursAgo: 25 });
      await setSeen(db, justInside.id, { hoursAgo: 24 - 1 / 60 });
      await setSeen(db, justOutside.id, { hoursAgo: 24 + 1 / 60 });
      await setSeen(db, manualOld.id, { hoursAgo: 5000, type: 'Manual' });
      await setSeen(db, systemOld.id, { hoursAgo: 5000, type: 'System' });
      await setSeen(db, seen671.id, { hoursAgo: 671 });
      await setSeen(db, seen673.id, { hoursAgo: 673 });
      const everyone = idsOf([
        seen23,
        seen25,
        justInside,
        justOutside,
        manualOld,
        systemOld,
        neverSeen,
        seen671,
        seen673,
      ]);

      const check = async (stale: Host[]) => {
        const staleIds = idsOf(stale);
        const yes = await list('stale=true');
        expect(listedIds(yes)).toEqual(staleIds);
        expect(yes.body.meta.pagination.total_count).toBe(staleIds.length);
        const no = await list('stale=false');
        expect(listedIds(no)).toEqual(everyone.filter((id) => !staleIds.includes(id)));
        expect(no.body.meta.pagination.total_count).toBe(everyone.length - staleIds.length);
      };
      expect(listedIds(await list('limit=0'))).toEqual(everyone);
      expect(expectOk(await list(`ids=${seen25.id}`))[0].source).toEqual({ type: 'Discovery' });
      await check([seen25, justOutside, seen673]);
      expect(listedIds(await list(`stale=true&network_id=${day}`))).toEqual([seen25.id, justOutside.id]);
      expect(listedIds(await list(`stale=false&network_id=${dflt}`))).toEqual([seen671.id]);
      expect(listedIds(await list(`stale=true&ids=${seen23.id},${seen673.id}`))).toEqual([seen673.id]);

      await setWindow(day, 'day', 26);
      await check([seen673]);
      await setWindow(day, 'day', 22);
      await check([seen23, seen25, justInside, justOutside, seen673]);
      await setWindow(dflt, 'default', 1000);
      await check([seen23, seen25, justInside, justOutside]);
      await setWindow(dflt, 'default', null);
      await check([seen23, seen25, justInside, justOutside, seen673]);
      await setWindow(day, 'day', null);
      await check([seen673]);
    });
  });

  describe('order, groups and ties', () => {
    let org: Org;
    let hosts: Host[];
    let netA: string;
    let netB: string;
    const list = (query: string) => ctx.http.as(org.owner.session).get(`/api/v1/hosts?${query}`);

    /**
     * Six hosts over two networks, with ties on every field but created_at and updated_at: two 'hv' and two 'alpha' names,
     * shared hostnames, two VMs on one hypervisor, equal last_seen_at, hosts without IPs, and IPs whose
     * numeric order differs from their text order (10.1.0.9 < 10.1.0.10; 10.2.0.5 < 10.2.0.200).
     */
    beforeAll(async () => {
      org = await registerOrg(ctx.http);
      const who = org.owner.session;
      netA = await addNetwork(ctx.http, who);
      netB = await addNetwork(ctx.http, who);
      const subA = await addSubnet(ctx.http, who, netA, '10.1.0.0/24');
      const subB = await addSubnet(ctx.http, who, netB, '10.2.0.0/24');
      const hv1 = await addHost(ctx.http, who, netA, {
        name: 'hv',
        hostname: 'hvlan',
        ip_addresses: [{ subnet_id: subA, ip_address: '10.1.0.10' }],
      });
      const hv2 = await addHost(ctx.http, who, netB, { name: 'hv', hostname: 'zeta' });
      await addHost(ctx.http, who, netA, {
        name: 'alpha',
        hostname: 'hvlan',
        virtualization: { type: 'Vm', host_id: hv1.id },
        ip_addresses: [{ subnet_id: subA, ip_address: '10.1.0.9' }],
      });
      const vm2 = await addHost(ctx.http, who, netB, {
        name: 'beta',
        virtualization: { type: 'Container', host_id: hv2.id },
        ip_addresses: [
          { subnet_id: subB, ip_address: '10.2.0.200' },
          { subnet_id: subB, ip_address: '10.2.0.5' },
        ],
      });
      const vm3 = await addHost(ctx.http, who, netA, {
        name: 'alpha',
        virtualization: { type: 'Vm', host_id: hv1.id },
        ip_addresses: [{ subnet_id: subA, ip_address: '10.1.0.100' }],
      });
      const bare = await addHost(ctx.http, who, netB, { name: 'gamma', hostname: 'alpha' });
      // updated_at: the two hosts changed last are not the two created last in the same order.
      await sleep(5);
      expectOk(
        await ctx.http.as(who).put(`/api/v1/hosts/${bare.id}`, {
          network_id: netB,
          name: 'gamma',
          hostname: 'alpha',
          description: 'x',
        }),
      );
      await sleep(5);
      expectOk(
        await ctx.http
          .as(who)
          .put(`/api/v1/hosts/${hv2.id}`, { network_id: netB, name: 'hv', hostname: 'zeta', description: 'y' }),
      );
      const seen = new Date(Date.now() - 3_600_000);
      await setSeen(ctx.t.dataSource, vm2.id, { at: seen, type: 'Manual' });
      await setSeen(ctx.t.dataSource, hv1.id, { at: seen, type: 'Manual' });
      await setSeen(ctx.t.dataSource, vm3.id, { at: new Date(seen.getTime() - 3_600_000), type: 'Manual' });
      hosts = expectOk(await list('limit=0'));
      expect(hosts).toHaveLength(6);
    });

    it('the fixture has the ties and orders it means to have', () => {
      const distinct = (field: Field) => new Set(hosts.map((h) => keyOf(h, field))).size;
      expect(FIELDS.map((field) => [field, distinct(field)])).toEqual([
        ['created_at', 6],
        ['updated_at', 6],
        ['last_seen_at', 5], // two seen at once, one an hour earlier; three last seen when created
        ['name', 4],
        ['hostname', 4],
        ['network_id', 2],
        ['virtualized_by', 3],
        ['interface_ip', 5],
      ]);
      expect(expectedOrder(hosts, { orderBy: 'updated_at' })).not.toEqual(
        expectedOrder(hosts, { orderBy: 'created_at' }),
      );
    });

    it.each(FIELDS)('order_by=%s sorts ascending by default and descending on request, ties by id', async (field) => {
      for (const [query, direction] of [
        [`order_by=${field}`, 'asc'],
        [`order_by=${field}&order_direction=asc`, 'asc'],
        [`order_by=${field}&order_direction=desc`, 'desc'],
      ] as const) {
        const reply = await list(query);
        expect(listedIds(reply)).toEqual(expectedOrder(hosts, { orderBy: field, direction }));
        expect(reply.body.meta.pagination).toEqual({ total_count: 6, limit: 50, offset: 0, has_more: false });
      }
    });

    it.each(FIELDS)(
      'group_by=%s: ascending groups whatever order_direction, counts over the whole filtered set',
      async (field) => {
        const groups = expectedGroups(hosts, field);
        for (const direction of ['', '&order_direction=desc']) {
          const all = await list(`group_by=${field}${direction}`);
          const got: Host[] = expectOk(all);
          expect(new Set(idsOf(got))).toEqual(new Set(idsOf(hosts)));
          // Groups come ascending (nulls last); inside a group order_by (default created_at) applies.
          expect(idsOf(got)).toEqual(expectedOrder(hosts, { groupBy: field, direction: direction ? 'desc' : 'asc' }));
          expect(all.body.meta.pagination.group_counts.map((g: { count: number }) => g.count)).toEqual(
            groups.map((g) => g.count),
          );
        }
        const page = await list(`group_by=${field}&order_by=created_at&limit=2&offset=1`);
        expect(listedIds(page)).toEqual(expectedOrder(hosts, { groupBy: field, orderBy: 'created_at' }).slice(1, 3));
        const pagination = page.body.meta.pagination;
        expect({ ...pagination, group_counts: pagination.group_counts.map((g: { count: number }) => g.count) }).toEqual(
          {
            total_count: 6,
            limit: 2,
            offset: 1,
            has_more: true,
            group_counts: groups.map((g) => g.count),
          },
        );
        const inA = hosts.filter((h) => h.network_id === netA);
        const filtered = await list(`group_by=${field}&network_id=${netA}&limit=1`);
        expect(filtered.body.meta.pagination.total_count).toBe(3);
        expect(filtered.body.meta.pagination.group_counts.map((g: { count: number }) => g.count)).toEqual(
          expectedGroups(inA, field).map((g) => g.count),
        );
      },
    );

    it.each(FIELDS)('group_by=%s: each group value is the value the hosts show', async (field) => {
      const reply = await list(`group_by=${field}&limit=1`);
      expect(reply.body.meta.pagination.group_counts).toEqual(expectedGroups(hosts, field));
    });

    it.each(FIELDS)(
      '%s: under group_by=network_id as order_by in both directions, and as group_by under order_by=name desc',
      async (field) => {
        for (const direction of ['asc', 'desc'] as const) {
          const reply = await list(`group_by=network_id&order_by=${field}&order_direction=${direction}`);
          expect(listedIds(reply)).toEqual(expectedOrder(hosts, { groupBy: 'network_id', orderBy: field, direction }));
          expect(reply.body.meta.pagination.group_counts).toEqual(expectedGroups(hosts, 'network_id'));
        }
        const byName = await list(`group_by=${field}&order_by=name&order_direction=desc`);
        expect(listedIds(byName)).toEqual(expectedOrder(hosts, { groupBy: field, orderBy: 'name', direction: 'desc' }));
      },
    );

    it.each(FIELDS)('pages of one host under order_by=%s neither overlap nor skip', async (field) => {
      for (const query of [
        `order_by=${field}`,
        `order_by=${field}&order_direction=desc`,
        `group_by=${field}&order_by=hostname`,
      ]) {
        const whole = listedIds(await list(`${query}&limit=0`));
        expect(whole).toHaveLength(6);
        expect(await pageThrough(ctx.http, org.owner.session, query, 6)).toEqual(whole);
      }
    });

    it('ties on every key but id page in id order', async () => {
      // Within one network every host ties on network_id: only the id decides, and paging follows it.
      const inB = idsOf(hosts.filter((h) => h.network_id === netB)).sort();
      const query = `network_id=${netB}&order_by=network_id`;
      expect(listedIds(await list(`${query}&limit=0`))).toEqual(inB);
      expect(listedIds(await list(`${query}&order_direction=desc&limit=0`))).toEqual(inB);
      expect(await pageThrough(ctx.http, org.owner.session, query, 3)).toEqual(inB);
    });
  });

  describe('network scoping and tenancy', () => {
    it('a Member or a scoped key sees only its networks; another network or organization gives empty pages, never an error', async () => {
      const org = await registerOrg(ctx.http);
      const owner = org.owner.session;
      const net1 = await addNetwork(ctx.http, owner);
      const net2 = await addNetwork(ctx.http, owner);
      const h1 = await addHost(ctx.http, owner, net1, { name: 'one' });
      const h2 = await addHost(ctx.http, owner, net2, { name: 'two' });
      const h3 = await addHost(ctx.http, owner, net1, { name: 'three' });
      const member = await addUser(ctx.http, owner, 'Member', [net1]);
      const viewer = await addUser(ctx.http, owner, 'Viewer', [net2]);
      const admin = await addUser(ctx.http, owner, 'Admin');
      const key = await addKey(ctx.http, owner, { network_ids: [net2] });

      const other = await registerOrg(ctx.http);
      const theirNet = await addNetwork(ctx.http, other.owner.session);
      const theirs = await addHost(ctx.http, other.owner.session, theirNet, { name: 'one' });

      const get = (who: Credentials, query = '') => ctx.http.as(who).get(`/api/v1/hosts${query ? `?${query}` : ''}`);
      const page = async (reply: Reply) => ({ ids: listedIds(reply), total: reply.body.meta.pagination.total_count });

      for (const who of [owner, admin.session])
        expect(await page(await get(who))).toEqual({ ids: [h1.id, h2.id, h3.id], total: 3 });
      expect(await page(await get(member.session))).toEqual({ ids: [h1.id, h3.id], total: 2 });
      expect(await page(await get(viewer.session))).toEqual({ ids: [h2.id], total: 1 });
      expect(await page(await get(key.bearer))).toEqual({ ids: [h2.id], total: 1 });
      expect(await page(await get(other.owner.session))).toEqual({ ids: [theirs.id], total: 1 });

      for (const query of [
        `network_id=${net2}`,
        `ids=${h2.id}`,
        'search=two',
        `network_id=${theirNet}`,
        `ids=${theirs.id},${h2.id}`,
      ]) {
        expect(await page(await get(member.session, query))).toEqual({ ids: [], total: 0 });
      }
      expect(await page(await get(member.session, `ids=${h1.id},${h2.id}`))).toEqual({ ids: [h1.id], total: 1 });
      expect(await page(await get(key.bearer, `network_id=${net1}`))).toEqual({ ids: [], total: 0 });
      expect(await page(await get(owner, `network_id=${theirNet}`))).toEqual({ ids: [], total: 0 });
      expect(await page(await get(owner, `ids=${theirs.id}`))).toEqual({ ids: [], total: 0 });
      expect(await page(await get(owner, 'search=one'))).toEqual({ ids: [h1.id], total: 1 });
      expect((await get(member.session, 'group_by=network_id')).body.meta.pagination.group_counts).toEqual([
        { value: net1, count: 2 },
      ]);
      expectError(await ctx.http.as(member.session).get(`/api/v1/hosts/${h2.id}`), 404, 'entity_not_found');
      expectError(await ctx.http.as(owner).get(`/api/v1/hosts/${theirs.id}`), 404, 'entity_not_found');
      expect(expectOk(await ctx.http.as(member.session).get(`/api/v1/hosts/${h1.id}`)).id).toBe(h1.id);
    });
  });
});
