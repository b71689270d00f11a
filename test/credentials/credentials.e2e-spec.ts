import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { AesGcmSealer } from '../../src/modules/credentials/infrastructure/aes-gcm.sealer';
import { Credentials, expectError, expectOk, Reply } from '../support/http';
import { addHost, addSubnet, addTag, Host } from '../support/hosts';
import { CREDENTIAL_FILE_ROOT, useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, Org, registerOrg } from '../support/tenants';
import { errorFields, expectInvalid, RecordingHttpClient, SEALED, SecretBook } from './credential-helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- request and response bodies
type Json = Record<string, any>;

const KEY = randomBytes(32).toString('base64');
const REDACTED = '********';
const AUTH_PROTOCOLS = ['Md5', 'Sha1', 'Sha224', 'Sha256', 'Sha384', 'Sha512'];
const PRIV_PROTOCOLS = ['Des', 'Aes128', 'Aes192', 'Aes256'];

describe('credentials', () => {
  const ctx = useTestApp({ env: { CREDENTIAL_ENCRYPTION_KEY: KEY } });
  const replies: Reply[] = [];
  const secrets = new SecretBook();
  const sealer = new AesGcmSealer(Buffer.from(KEY, 'base64'));
  let http: RecordingHttpClient;

  // Organization A: n1 and n2, a Member and a Viewer granted n1, a key scoped to n1, hosts on both networks.
  let orgA: Org;
  let owner: Credentials;
  let n1: string;
  let n2: string;
  let member: Credentials;
  let viewer: Credentials;
  let scopedKey: Credentials;
  let tagA: string;
  let h1: Host; // n1, two IP addresses
  let h1b: Host; // n1, one IP address
  let h2: Host; // n2, one IP address
  // Organization B: its own network, host, tag and credential.
  let orgB: Org;
  let nB: string;
  let hB: Host;
  let tagB: string;
  let credB: Json;

  const inline = (label: string) => ({ mode: 'Inline', value: secrets.next(label) });
  const v2c = (label = 'community') => ({ type: 'SnmpV2c', community: inline(label) });
  const bodyOf = (over: Json = {}): Json => ({
    name: `cred-${randomUUID()}`,
    organization_id: orgA.id,
    credential_type: v2c(),
    assigned_network_ids: [n1],
    host_assignments: [],
    tags: [],
    ...over,
  });
  const as = (who: Credentials = owner) => http.as(who);
  const create = async (over: Json = {}, who: Credentials = owner): Promise<Json> =>
    expectOk(await as(who).post('/api/v1/credentials', bodyOf(over)), 201);
  const get = (id: string, who: Credentials = owner) => as(who).get(`/api/v1/credentials/${id}`);
  const listIds = async (query = '', who: Credentials = owner): Promise<string[]> =>
    (expectOk(await as(who).get(`/api/v1/credentials?limit=1000${query}`)) as Json[]).map((c) => c.id);
  const rawType = async (id: string): Promise<Json> =>
    (await ctx.t.dataSource.query(`SELECT credential_type FROM credentials WHERE id = $1`, [id]))[0].credential_type;
  const rawRow = async (id: string): Promise<string | undefined> =>
    (await ctx.t.dataSource.query(`SELECT c::text AS row FROM credentials c WHERE id = $1`, [id]))[0]?.row;
  const hostAssignmentRows = async (where: string, params: unknown[]): Promise<number> =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM credential_hosts WHERE ${where}`, params))[0].n;
  const hostOf = async (id: string): Promise<Host> => expectOk(await as().get(`/api/v1/hosts/${id}`));

  /** What a response shows for a credential_type that was sent: secrets redacted, paths resolved, absent fields null. */
  const shown = (type: Json): Json => {
    const out: Json =
      type.type === 'SnmpV3'
        ? { auth_protocol: null, auth_password: null, priv_protocol: null, priv_password: null, context_name: null }
        : {};
    for (const [field, value] of Object.entries(type)) {
      if (value && typeof value === 'object' && value.mode === 'Inline')
        out[field] = { mode: 'Inline', value: REDACTED };
      else if (value && typeof value === 'object' && value.mode === 'FilePath')
        out[field] = { mode: 'FilePath', path: resolve(CREDENTIAL_FILE_ROOT, value.path) };
      else out[field] = value;
    }
    return out;
  };

  beforeAll(async () => {
    http = new RecordingHttpClient(ctx.t.app, replies);
    orgA = await registerOrg(http);
    owner = orgA.owner.session;
    n1 = await addNetwork(http, owner);
    n2 = await addNetwork(http, owner);
    const s1 = await addSubnet(http, owner, n1, '10.1.0.0/24');
    const s2 = await addSubnet(http, owner, n2, '10.2.0.0/24');
    member = (await addUser(http, owner, 'Member', [n1])).session;
    viewer = (await addUser(http, owner, 'Viewer', [n1])).session;
    scopedKey = (await addKey(http, owner, { permissions: 'Admin', network_ids: [n1] })).bearer;
    tagA = await addTag(http, owner);
    const ips = (subnet: string, ...addresses: string[]) =>
      addresses.map((ip_address) => ({ subnet_id: subnet, ip_address }));
    h1 = await addHost(http, owner, n1, { ip_addresses: ips(s1, '10.1.0.1', '10.1.0.2') });
    h1b = await addHost(http, owner, n1, { ip_addresses: ips(s1, '10.1.0.3') });
    h2 = await addHost(http, owner, n2, { ip_addresses: ips(s2, '10.2.0.1') });

    orgB = await registerOrg(http);
    nB = await addNetwork(http, orgB.owner.session);
    const sB = await addSubnet(http, orgB.owner.session, nB, '10.1.0.0/24');
    hB = await addHost(http, orgB.owner.session, nB, { ip_addresses: ips(sB, '10.1.0.1') });
    tagB = await addTag(http, orgB.owner.session);
    credB = expectOk(
      await http.as(orgB.owner.session).post('/api/v1/credentials', {
        name: 'org B credential',
        organization_id: orgB.id,
        credential_type: v2c('orgB'),
        assigned_network_ids: [nB],
        host_assignments: [{ host_id: hB.id }],
        tags: [tagB],
      }),
      201,
    );
  }, 60_000);

  describe('variants round-trip', () => {
    const variants: [string, () => Json][] = [
      ['SnmpV1 inline', () => ({ type: 'SnmpV1', community: inline('v1') })],
      ['SnmpV2c inline', () => v2c('v2c')],
      ['SnmpV1 file path', () => ({ type: 'SnmpV1', community: { mode: 'FilePath', path: 'snmp/v1.txt' } })],
      ['SnmpV2c file path', () => ({ type: 'SnmpV2c', community: { mode: 'FilePath', path: 'snmp/community.txt' } })],
      ['SnmpV3 noAuthNoPriv', () => ({ type: 'SnmpV3', security_name: 'monitor', security_level: 'noAuthNoPriv' })],
      [
        'SnmpV3 noAuthNoPriv with context_name',
        () => ({ type: 'SnmpV3', security_name: 'monitor', security_level: 'noAuthNoPriv', context_name: 'vlan-10' }),
      ],
      ...AUTH_PROTOCOLS.map((auth_protocol): [string, () => Json] => [
        `SnmpV3 authNoPriv ${auth_protocol}`,
        () => ({
          type: 'SnmpV3',
          security_name: 'monitor',
          security_level: 'authNoPriv',
          auth_protocol,
          auth_password: inline(`auth-${auth_protocol}`),
        }),
      ]),
      ...PRIV_PROTOCOLS.map((priv_protocol): [string, () => Json] => [
        `SnmpV3 authPriv ${priv_protocol}`,
        () => ({
          type: 'SnmpV3',
          security_name: 'monitor',
          security_level: 'authPriv',
          auth_protocol: 'Sha256',
          auth_password: inline('auth'),
          priv_protocol,
          priv_password: inline(`priv-${priv_protocol}`),
          context_name: 'ctx',
        }),
      ]),
      [
        'SnmpV3 authPriv, auth password from a file, priv password inline',
        () => ({
          type: 'SnmpV3',
          security_name: 'monitor',
          security_level: 'authPriv',
          auth_protocol: 'Sha512',
          auth_password: { mode: 'FilePath', path: 'v3/auth.txt' },
          priv_protocol: 'Aes256',
          priv_password: inline('priv'),
        }),
      ],
    ];

    it.each(variants)('%s: created, read and listed with secrets redacted; stored sealed', async (_name, make) => {
      const type = make();
      const created = await create({ credential_type: type, tags: [tagA] });
      expect(created).toEqual({
        id: expect.any(String),
        organization_id: orgA.id,
        name: expect.stringMatching(/^cred-/),
        description: null,
        credential_type: shown(type),
        assigned_network_ids: [n1],
        host_assignments: [],
        tags: [tagA],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(expectOk(await get(created.id))).toEqual(created);
      expect(
        (expectOk(await as().get('/api/v1/credentials?limit=1000')) as Json[]).find((c) => c.id === created.id),
      ).toEqual(created);

      const stored = await rawType(created.id);
      for (const [field, value] of Object.entries(type)) {
        if (value?.mode === 'Inline') {
          expect(stored[field]).toEqual({ mode: 'Inline', sealed: expect.stringMatching(SEALED) });
          expect(sealer.open(stored[field].sealed)).toBe(value.value);
        } else if (value?.mode === 'FilePath') {
          expect(stored[field]).toEqual({ mode: 'FilePath', path: resolve(CREDENTIAL_FILE_ROOT, value.path) });
        }
      }
      expect(secrets.foundIn((await rawRow(created.id))!)).toEqual([]);
    });
  });

  describe('encryption at rest', () => {
    it('seals each inline secret with AES-256-GCM under the configured key, the key id stored with it', async () => {
      const community = secrets.next('at-rest');
      const a = await create({ credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: community } } });
      const b = await create({ credential_type: { type: 'SnmpV1', community: { mode: 'Inline', value: community } } });
      const sealedA: string = (await rawType(a.id)).community.sealed;
      const sealedB: string = (await rawType(b.id)).community.sealed;

      expect(sealedA).toMatch(SEALED);
      const [keyId, iv, tag, data] = sealedA.split(':');
      expect(keyId).toBe(createHash('sha256').update(Buffer.from(KEY, 'base64')).digest('hex').slice(0, 8));
      expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
      expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
      expect(Buffer.from(data, 'base64url')).toHaveLength(Buffer.byteLength(community));
      expect(sealer.open(sealedA)).toBe(community);
      expect(sealer.open(sealedB)).toBe(community);
      // A fresh IV each time: the same secret never seals to the same text.
      expect(sealedB).not.toBe(sealedA);
      // Only the right key opens it, and a tampered ciphertext is refused.
      expect(() => new AesGcmSealer(randomBytes(32)).open(sealedA)).toThrow();
      const flipped = Buffer.from(data, 'base64url');
      flipped[0] ^= 1;
      expect(() => sealer.open([keyId, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
      expect(secrets.foundIn(`${await rawRow(a.id)} ${await rawRow(b.id)}`)).toEqual([]);
    });
  });

  describe('redaction and the ******** sentinel', () => {
    const v3 = (auth: Json, priv: Json) => ({
      type: 'SnmpV3',
      security_name: 'ops',
      security_level: 'authPriv',
      auth_protocol: 'Sha1',
      auth_password: auth,
      priv_protocol: 'Aes128',
      priv_password: priv,
    });
    const keep = { mode: 'Inline', value: REDACTED };

    it('a PUT that sends ******** keeps each stored secret of that field; other values replace it', async () => {
      const auth = inline('keep-auth');
      const priv = inline('keep-priv');
      const created = await create({ credential_type: v3(auth, priv) });
      const before = await rawType(created.id);

      const kept = expectOk(
        await as().put(`/api/v1/credentials/${created.id}`, bodyOf({ name: 'kept', credential_type: v3(keep, keep) })),
      );
      expect(kept.name).toBe('kept');
      expect(kept.credential_type).toEqual(shown(v3(keep, keep)));
      const after = await rawType(created.id);
      expect(sealer.open(after.auth_password.sealed)).toBe(auth.value);
      expect(sealer.open(after.priv_password.sealed)).toBe(priv.value);
      expect(after).toEqual(before);

      const newPriv = inline('new-priv');
      const replaced = expectOk(
        await as().put(`/api/v1/credentials/${created.id}`, bodyOf({ credential_type: v3(keep, newPriv) })),
      );
      expect(replaced.credential_type).toEqual(shown(v3(keep, newPriv)));
      const last = await rawType(created.id);
      expect(sealer.open(last.auth_password.sealed)).toBe(auth.value);
      expect(sealer.open(last.priv_password.sealed)).toBe(newPriv.value);
      expect(expectOk(await get(created.id)).credential_type).toEqual(shown(v3(keep, keep)));
    });

    it('******** with no stored secret of that field is 400 naming the field (create, type change, mode change)', async () => {
      expectInvalid(
        await as().post('/api/v1/credentials', bodyOf({ credential_type: { type: 'SnmpV2c', community: keep } })),
        'credential_type.community.value',
      );
      expectInvalid(
        await as().post('/api/v1/credentials', bodyOf({ credential_type: v3(inline('fresh-auth'), keep) })),
        'credential_type.priv_password.value',
      );

      const v2 = await create({ credential_type: v2c('type-change') });
      const stored = await rawType(v2.id);
      // Same field name, another type: the stored secret does not carry over.
      expectInvalid(
        await as().put(
          `/api/v1/credentials/${v2.id}`,
          bodyOf({ credential_type: { type: 'SnmpV1', community: keep } }),
        ),
        'credential_type.community.value',
      );
      expect(await rawType(v2.id)).toEqual(stored);

      // A file path is no stored inline secret.
      const file = await create({
        credential_type: { type: 'SnmpV2c', community: { mode: 'FilePath', path: 'c.txt' } },
      });
      expectInvalid(
        await as().put(
          `/api/v1/credentials/${file.id}`,
          bodyOf({ credential_type: { type: 'SnmpV2c', community: keep } }),
        ),
        'credential_type.community.value',
      );

      // noAuthNoPriv stored no auth password.
      const none = await create({
        credential_type: { type: 'SnmpV3', security_name: 'ops', security_level: 'noAuthNoPriv' },
      });
      expectInvalid(
        await as().put(
          `/api/v1/credentials/${none.id}`,
          bodyOf({
            credential_type: {
              type: 'SnmpV3',
              security_name: 'ops',
              security_level: 'authNoPriv',
              auth_protocol: 'Md5',
              auth_password: keep,
            },
          }),
        ),
        'credential_type.auth_password.value',
      );
    });

    it('an inline secret moved to a file path and back must be sent again', async () => {
      const created = await create({ credential_type: v2c('moved') });
      const path = { type: 'SnmpV2c', community: { mode: 'FilePath', path: 'moved.txt' } };
      expect(
        expectOk(await as().put(`/api/v1/credentials/${created.id}`, bodyOf({ credential_type: path })))
          .credential_type,
      ).toEqual(shown(path));
      expect(await rawType(created.id)).toEqual(shown(path));
      expectInvalid(
        await as().put(
          `/api/v1/credentials/${created.id}`,
          bodyOf({ credential_type: { type: 'SnmpV2c', community: keep } }),
        ),
        'credential_type.community.value',
      );
    });
  });

  describe('FilePath secrets', () => {
    it('a relative path is stored and shown resolved under the credential file root', async () => {
      const created = await create({
        credential_type: { type: 'SnmpV2c', community: { mode: 'FilePath', path: 'snmp/community.txt' } },
      });
      const expected = { mode: 'FilePath', path: `${CREDENTIAL_FILE_ROOT}/snmp/community.txt` };
      expect(created.credential_type.community).toEqual(expected);
      expect((await rawType(created.id)).community).toEqual(expected);
      const absolute = await create({
        credential_type: { type: 'SnmpV1', community: { mode: 'FilePath', path: `${CREDENTIAL_FILE_ROOT}/a/b.txt` } },
      });
      expect(absolute.credential_type.community).toEqual({ mode: 'FilePath', path: `${CREDENTIAL_FILE_ROOT}/a/b.txt` });
    });

    const escapes: unknown[] = [
      '../etc/passwd',
      '/etc/passwd',
      'a/../../x',
      '',
      '.',
      '..',
      'a/..',
      './',
      '/tmp',
      CREDENTIAL_FILE_ROOT,
      `${CREDENTIAL_FILE_ROOT}/../x`,
      `${CREDENTIAL_FILE_ROOT}-evil/x`,
      'a\u0000b',
      'x'.repeat(5000),
      42,
      null,
      ['a'],
    ];

    it.each(escapes.map((path) => [JSON.stringify(path).slice(0, 40), path]))(
      'path %s is 400 naming the path, on POST and PUT',
      async (_name, path) => {
        const file = (field: string) => ({ [field]: { mode: 'FilePath', path } });
        expectInvalid(
          await as().post('/api/v1/credentials', bodyOf({ credential_type: { type: 'SnmpV1', ...file('community') } })),
          'credential_type.community.path',
        );
        const v3 = {
          type: 'SnmpV3',
          security_name: 'ops',
          security_level: 'authNoPriv',
          auth_protocol: 'Sha1',
          ...file('auth_password'),
        };
        expectInvalid(
          await as().post('/api/v1/credentials', bodyOf({ credential_type: v3 })),
          'credential_type.auth_password.path',
        );
        const existing = await create();
        const before = await rawType(existing.id);
        expectInvalid(
          await as().put(
            `/api/v1/credentials/${existing.id}`,
            bodyOf({ credential_type: { type: 'SnmpV2c', ...file('community') } }),
          ),
          'credential_type.community.path',
        );
        expect(await rawType(existing.id)).toEqual(before);
      },
    );

    it('a missing path is 400 naming it', async () => {
      expectInvalid(
        await as().post(
          '/api/v1/credentials',
          bodyOf({ credential_type: { type: 'SnmpV1', community: { mode: 'FilePath' } } }),
        ),
        'credential_type.community.path',
      );
    });
  });

  describe('shapes', () => {
    const v3 = (over: Json = {}) => ({
      type: 'SnmpV3',
      security_name: 'ops',
      security_level: 'authPriv',
      auth_protocol: 'Sha1',
      auth_password: inline('shape-auth'),
      priv_protocol: 'Aes128',
      priv_password: inline('shape-priv'),
      ...over,
    });
    const cases: [string, () => unknown, string[]][] = [
      ['credential_type missing type', () => ({ community: inline('shape') }), ['credential_type.type']],
      ['unknown type', () => ({ type: 'SnmpV4', community: inline('shape') }), ['credential_type.type']],
      ['lower-case type', () => ({ type: 'snmpv2c', community: inline('shape') }), ['credential_type.type']],
      ['credential_type a string', () => secrets.next('as-type'), ['credential_type']],
      ['credential_type an array', () => [v2c('in-array')], ['credential_type']],
      ['SnmpV1 without community', () => ({ type: 'SnmpV1' }), ['credential_type.community']],
      ['SnmpV2c community null', () => ({ type: 'SnmpV2c', community: null }), ['credential_type.community']],
      [
        'community a bare string',
        () => ({ type: 'SnmpV2c', community: secrets.next('bare') }),
        ['credential_type.community'],
      ],
      [
        'community mode unknown',
        () => ({ type: 'SnmpV2c', community: { mode: 'Env', value: 'x' } }),
        ['credential_type.community.mode'],
      ],
      [
        'community without mode',
        () => ({ type: 'SnmpV2c', community: { value: secrets.next('no-mode') } }),
        ['credential_type.community.mode'],
      ],
      [
        'inline without value',
        () => ({ type: 'SnmpV2c', community: { mode: 'Inline' } }),
        ['credential_type.community.value'],
      ],
      [
        'inline empty value',
        () => ({ type: 'SnmpV2c', community: { mode: 'Inline', value: '' } }),
        ['credential_type.community.value'],
      ],
      [
        'inline value a number',
        () => ({ type: 'SnmpV2c', community: { mode: 'Inline', value: 1234 } }),
        ['credential_type.community.value'],
      ],
      [
        'inline value too long',
        () => ({ type: 'SnmpV2c', community: { mode: 'Inline', value: secrets.add(`long-${'x'.repeat(1100)}`) } }),
        ['credential_type.community.value'],
      ],
      [
        'SnmpV1 with a v3 field',
        () => ({ ...v2c('extra'), type: 'SnmpV1', security_name: 'ops' }),
        ['credential_type.security_name'],
      ],
      ['SnmpV3 with community', () => v3({ community: inline('v3-community') }), ['credential_type.community']],
      ['SnmpV3 without security_name', () => v3({ security_name: undefined }), ['credential_type.security_name']],
      ['SnmpV3 security_name a number', () => v3({ security_name: 7 }), ['credential_type.security_name']],
      ['SnmpV3 without security_level', () => v3({ security_level: undefined }), ['credential_type.security_level']],
      ['SnmpV3 unknown security_level', () => v3({ security_level: 'authpriv' }), ['credential_type.security_level']],
      ['authPriv without auth_protocol', () => v3({ auth_protocol: undefined }), ['credential_type.auth_protocol']],
      ['authPriv without auth_password', () => v3({ auth_password: undefined }), ['credential_type.auth_password']],
      ['authPriv without priv_protocol', () => v3({ priv_protocol: undefined }), ['credential_type.priv_protocol']],
      ['authPriv without priv_password', () => v3({ priv_password: null }), ['credential_type.priv_password']],
      [
        'authNoPriv without auth fields',
        () =>
          v3({
            security_level: 'authNoPriv',
            auth_protocol: undefined,
            auth_password: undefined,
            priv_protocol: undefined,
            priv_password: undefined,
          }),
        ['credential_type.auth_protocol', 'credential_type.auth_password'],
      ],
      ['unknown auth_protocol', () => v3({ auth_protocol: 'Sha999' }), ['credential_type.auth_protocol']],
      ['lower-case auth_protocol', () => v3({ auth_protocol: 'sha256' }), ['credential_type.auth_protocol']],
      ['unknown priv_protocol', () => v3({ priv_protocol: 'Aes512' }), ['credential_type.priv_protocol']],
      ['3des is no priv_protocol', () => v3({ priv_protocol: '3Des' }), ['credential_type.priv_protocol']],
      ['context_name a number', () => v3({ context_name: 5 }), ['credential_type.context_name']],
    ];

    it.each(cases)('%s: 400 naming the field', async (_name, type, fields) => {
      expectInvalid(await as().post('/api/v1/credentials', bodyOf({ credential_type: type() })), ...fields);
      const existing = await create();
      const before = await rawType(existing.id);
      expectInvalid(
        await as().put(`/api/v1/credentials/${existing.id}`, bodyOf({ credential_type: type() })),
        ...fields,
      );
      expect(await rawType(existing.id)).toEqual(before);
    });

    it.each([
      ['name', undefined],
      ['name', ''],
      ['name', 'x'.repeat(256)],
      ['organization_id', undefined],
      ['organization_id', 'not-a-uuid'],
      ['credential_type', undefined],
      ['assigned_network_ids', undefined],
      ['assigned_network_ids', ['not-a-uuid']],
      ['host_assignments', undefined],
      ['tags', undefined],
      ['tags', ['not-a-uuid']],
    ])('top-level %s = %j is 400 naming it', async (field, value) => {
      const fields = errorFields(await as().post('/api/v1/credentials', bodyOf({ [field]: value })));
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`))).toBe(true);
    });

    it('host_assignments items: host_id required and a uuid, ip_address_ids uuids, nothing else', async () => {
      for (const item of [
        {},
        { host_id: 'nope' },
        { host_id: h1.id, ip_address_ids: ['nope'] },
        { host_id: h1.id, extra: 1 },
      ]) {
        const fields = errorFields(await as().post('/api/v1/credentials', bodyOf({ host_assignments: [item] })));
        expect(fields.length).toBeGreaterThan(0);
        expect(fields.every((f) => f.startsWith('host_assignments'))).toBe(true);
      }
    });
  });

  describe('mass assignment', () => {
    it('id, created_at and updated_at in a body are read-only: ignored on POST and PUT, an id not the path one is 400', async () => {
      const claimed = {
        id: randomUUID(),
        created_at: '2001-01-01T00:00:00.000Z',
        updated_at: '2001-01-01T00:00:00.000Z',
      };
      const posted = expectOk(await as().post('/api/v1/credentials', bodyOf(claimed)), 201);
      expect([posted.id, posted.created_at, posted.updated_at]).not.toContain(claimed.id);
      expect(posted.created_at).not.toBe(claimed.created_at);

      const existing = await create();
      const put = expectOk(
        await as().put(`/api/v1/credentials/${existing.id}`, bodyOf({ ...claimed, id: existing.id })),
      );
      expect([put.id, put.created_at]).toEqual([existing.id, existing.created_at]);
      expect(put.updated_at).not.toBe(claimed.updated_at);
      const before = await rawRow(existing.id);
      expectInvalid(await as().put(`/api/v1/credentials/${existing.id}`, bodyOf(claimed)), 'id');
      expect(await rawRow(existing.id)).toBe(before);
    });

    it("another organization's id as organization_id is 400, on POST and PUT, and changes nothing", async () => {
      const name = `cred-${randomUUID()}`;
      expectInvalid(
        await as().post('/api/v1/credentials', bodyOf({ name, organization_id: orgB.id })),
        'organization_id',
      );
      expect(
        (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM credentials WHERE name = $1`, [name]))[0].n,
      ).toBe(0);

      const existing = await create();
      const before = await rawRow(existing.id);
      expectInvalid(
        await as().put(`/api/v1/credentials/${existing.id}`, bodyOf({ organization_id: orgB.id })),
        'organization_id',
      );
      expect(await rawRow(existing.id)).toBe(before);
      expect(expectOk(await get(existing.id)).organization_id).toBe(orgA.id);
    });
  });

  describe('tenancy', () => {
    it("another organization's credential is 404 for GET, PUT and DELETE and absent from the list", async () => {
      const before = await rawRow(credB.id);
      for (const who of [owner, member, scopedKey]) {
        expect(expectError(await get(credB.id, who), 404, 'entity_not_found').params).toEqual({
          entity: 'credential',
          id: credB.id,
        });
        expectError(await as(who).put(`/api/v1/credentials/${credB.id}`, bodyOf()), 404, 'entity_not_found');
        expectError(await as(who).delete(`/api/v1/credentials/${credB.id}`), 404, 'entity_not_found');
        expect(await listIds('', who)).not.toContain(credB.id);
      }
      expect(await rawRow(credB.id)).toBe(before);
      expect(expectOk(await get(credB.id, orgB.owner.session))).toEqual(credB);

      const mine = await create();
      expectError(await get(mine.id, orgB.owner.session), 404, 'entity_not_found');
      expect(await listIds('', orgB.owner.session)).toEqual([credB.id]);
    });

    it("a network_id filter on another organization's network gives an empty page", async () => {
      await create();
      const reply = await as().get(`/api/v1/credentials?network_id=${nB}`);
      expect(expectOk(reply)).toEqual([]);
      expect(reply.body.meta.pagination.total_count).toBe(0);
    });

    const refs: [string, () => Json, string][] = [
      ['a network of another organization', () => ({ assigned_network_ids: [n1, nB] }), 'assigned_network_ids[1]'],
      ['an unknown network', () => ({ assigned_network_ids: [randomUUID()] }), 'assigned_network_ids[0]'],
      [
        'a host of another organization',
        () => ({ host_assignments: [{ host_id: hB.id }] }),
        'host_assignments[0].host_id',
      ],
      ['an unknown host', () => ({ host_assignments: [{ host_id: randomUUID() }] }), 'host_assignments[0].host_id'],
      [
        'an IP address of another host',
        () => ({
          host_assignments: [{ host_id: h1.id, ip_address_ids: [h1.ip_addresses[0].id, h1b.ip_addresses[0].id] }],
        }),
        'host_assignments[0].ip_address_ids[1]',
      ],
      [
        "an IP address of another organization's host",
        () => ({ host_assignments: [{ host_id: h1.id, ip_address_ids: [hB.ip_addresses[0].id] }] }),
        'host_assignments[0].ip_address_ids[0]',
      ],
      ['a tag of another organization', () => ({ tags: [tagA, tagB] }), 'tags'],
      ['an unknown tag', () => ({ tags: [randomUUID()] }), 'tags'],
    ];

    it.each(refs)('%s in a body is 400 naming the field, on POST and PUT', async (_name, over, field) => {
      const name = `cred-${randomUUID()}`;
      expectInvalid(await as().post('/api/v1/credentials', bodyOf({ ...over(), name })), field);
      expect(
        (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM credentials WHERE name = $1`, [name]))[0].n,
      ).toBe(0);
      const existing = await create();
      const before = await rawRow(existing.id);
      expectInvalid(await as().put(`/api/v1/credentials/${existing.id}`, bodyOf(over())), field);
      expect(await rawRow(existing.id)).toBe(before);
    });

    it('a deleted host and a host listed twice are 400', async () => {
      const gone = await addHost(http, owner, n1);
      expectOk(await as().delete(`/api/v1/hosts/${gone.id}`));
      expectInvalid(
        await as().post('/api/v1/credentials', bodyOf({ host_assignments: [{ host_id: gone.id }] })),
        'host_assignments[0].host_id',
      );
      expectInvalid(
        await as().post('/api/v1/credentials', bodyOf({ host_assignments: [{ host_id: h1.id }, { host_id: h1.id }] })),
        'host_assignments[1].host_id',
      );
    });
  });

  describe('visibility and roles', () => {
    let onN1: Json;
    let onN1N2: Json;
    let hostOnN2: Json;
    let hostOnN1: Json;

    beforeAll(async () => {
      onN1 = await create({ name: `vis-n1-${randomUUID()}` });
      onN1N2 = await create({ name: `vis-n1n2-${randomUUID()}`, assigned_network_ids: [n1, n2] });
      hostOnN2 = await create({ name: `vis-h2-${randomUUID()}`, host_assignments: [{ host_id: h2.id }] });
      hostOnN1 = await create({
        name: `vis-h1-${randomUUID()}`,
        assigned_network_ids: [],
        host_assignments: [{ host_id: h1.id }],
      });
    });

    it('a Member granted n1 sees only credentials whose every network is n1', async () => {
      for (const who of [member, viewer, scopedKey]) {
        expect(expectOk(await get(onN1.id, who))).toEqual(onN1);
        expect(expectOk(await get(hostOnN1.id, who))).toEqual(hostOnN1);
        for (const hidden of [onN1N2, hostOnN2]) {
          expectError(await get(hidden.id, who), 404, 'entity_not_found');
        }
        const listed = await listIds('', who);
        expect(listed).toEqual(expect.arrayContaining([onN1.id, hostOnN1.id]));
        expect(listed).not.toContain(onN1N2.id);
        expect(listed).not.toContain(hostOnN2.id);
        const reply = await as(who).get(`/api/v1/credentials?limit=1000`);
        expect(reply.body.meta.pagination.total_count).toBe(listed.length);
      }
      const all = await listIds();
      expect(all).toEqual(expect.arrayContaining([onN1.id, onN1N2.id, hostOnN2.id, hostOnN1.id]));
    });

    it('a Member may not change or delete a credential that touches a network it may not access (404)', async () => {
      for (const hidden of [onN1N2, hostOnN2]) {
        const before = await rawRow(hidden.id);
        expectError(
          await as(member).put(`/api/v1/credentials/${hidden.id}`, bodyOf({ name: hidden.name })),
          404,
          'entity_not_found',
        );
        expectError(await as(member).delete(`/api/v1/credentials/${hidden.id}`), 404, 'entity_not_found');
        expect(await rawRow(hidden.id)).toBe(before);
      }
    });

    it('a Member may assign only networks and hosts it may access', async () => {
      expectInvalid(
        await as(member).post('/api/v1/credentials', bodyOf({ assigned_network_ids: [n1, n2] })),
        'assigned_network_ids[1]',
      );
      expectInvalid(
        await as(member).post('/api/v1/credentials', bodyOf({ host_assignments: [{ host_id: h2.id }] })),
        'host_assignments[0].host_id',
      );
      const mine = await create({}, member);
      expectInvalid(
        await as(member).put(`/api/v1/credentials/${mine.id}`, bodyOf({ assigned_network_ids: [n2] })),
        'assigned_network_ids[0]',
      );
      const changed = expectOk(
        await as(member).put(
          `/api/v1/credentials/${mine.id}`,
          bodyOf({ name: mine.name, assigned_network_ids: [], host_assignments: [{ host_id: h1b.id }] }),
        ),
      );
      expect(changed.host_assignments).toEqual([{ host_id: h1b.id, ip_address_ids: null }]);
      expectOk(await as(member).delete(`/api/v1/credentials/${mine.id}`));
      expectError(await get(mine.id), 404, 'entity_not_found');
    });

    it('the network_id filter lists credentials assigned to the network or to a host in it', async () => {
      const inN1 = await listIds(`&network_id=${n1}`);
      expect(inN1).toEqual(expect.arrayContaining([onN1.id, onN1N2.id, hostOnN2.id, hostOnN1.id]));
      const inN2 = await listIds(`&network_id=${n2}`);
      expect(inN2).toEqual(expect.arrayContaining([onN1N2.id, hostOnN2.id]));
      expect(inN2).not.toContain(onN1.id);
      expect(inN2).not.toContain(hostOnN1.id);
      // A Member's filter on n1 still leaves out what also touches n2; on n2 it is empty.
      const memberN1 = await listIds(`&network_id=${n1}`, member);
      expect(memberN1).toEqual(expect.arrayContaining([onN1.id, hostOnN1.id]));
      expect(memberN1).not.toContain(onN1N2.id);
      expect(memberN1).not.toContain(hostOnN2.id);
      expect(await listIds(`&network_id=${n2}`, member)).toEqual([]);
    });

    it('a Viewer reads but may not write (403)', async () => {
      const before = await rawRow(onN1.id);
      expectError(await as(viewer).post('/api/v1/credentials', bodyOf()), 403, 'auth_permission_denied');
      expectError(
        await as(viewer).put(`/api/v1/credentials/${onN1.id}`, bodyOf({ name: 'viewer was here' })),
        403,
        'auth_permission_denied',
      );
      expectError(await as(viewer).delete(`/api/v1/credentials/${onN1.id}`), 403, 'auth_permission_denied');
      expect(await rawRow(onN1.id)).toBe(before);
    });
  });

  describe('assignments and the hosts mirror', () => {
    it('hosts show credential_assignments; PUT replaces the assignments and the mirror', async () => {
      const ip = h1.ip_addresses[1].id;
      const created = await create({
        assigned_network_ids: [n1],
        host_assignments: [{ host_id: h1.id, ip_address_ids: [ip] }, { host_id: h1b.id }],
      });
      expect(created.host_assignments).toEqual(
        expect.arrayContaining([
          { host_id: h1.id, ip_address_ids: [ip] },
          { host_id: h1b.id, ip_address_ids: null },
        ]),
      );
      expect(created.host_assignments).toHaveLength(2);
      const mirror = (host: Host) => host.credential_assignments.filter((a: Json) => a.credential_id === created.id);
      expect(mirror(await hostOf(h1.id))).toEqual([{ credential_id: created.id, ip_address_ids: [ip] }]);
      expect(mirror(await hostOf(h1b.id))).toEqual([{ credential_id: created.id, ip_address_ids: null }]);

      const updated = expectOk(
        await as().put(
          `/api/v1/credentials/${created.id}`,
          bodyOf({ name: created.name, assigned_network_ids: [n2], host_assignments: [{ host_id: h2.id }] }),
        ),
      );
      expect(updated).toMatchObject({
        id: created.id,
        created_at: created.created_at,
        assigned_network_ids: [n2],
        host_assignments: [{ host_id: h2.id, ip_address_ids: null }],
      });
      expect(mirror(await hostOf(h1.id))).toEqual([]);
      expect(mirror(await hostOf(h1b.id))).toEqual([]);
      expect(mirror(await hostOf(h2.id))).toEqual([{ credential_id: created.id, ip_address_ids: null }]);
      expect(expectOk(await get(created.id))).toEqual(updated);

      // A host that stays gets its new IP scope.
      const ip2 = h2.ip_addresses[0].id;
      const scoped = expectOk(
        await as().put(
          `/api/v1/credentials/${created.id}`,
          bodyOf({
            name: created.name,
            assigned_network_ids: [n2],
            host_assignments: [{ host_id: h2.id, ip_address_ids: [ip2] }],
          }),
        ),
      );
      expect(scoped.host_assignments).toEqual([{ host_id: h2.id, ip_address_ids: [ip2] }]);
      expect(mirror(await hostOf(h2.id))).toEqual([{ credential_id: created.id, ip_address_ids: [ip2] }]);

      // Empty lists clear them.
      const cleared = expectOk(
        await as().put(
          `/api/v1/credentials/${created.id}`,
          bodyOf({ name: created.name, assigned_network_ids: [], host_assignments: [], tags: [] }),
        ),
      );
      expect(cleared).toMatchObject({ assigned_network_ids: [], host_assignments: [], tags: [] });
      expect(mirror(await hostOf(h2.id))).toEqual([]);
    });

    it('deleting a credential removes its host mirrors', async () => {
      const created = await create({ host_assignments: [{ host_id: h1.id }] });
      expect((await hostOf(h1.id)).credential_assignments).toContainEqual({
        credential_id: created.id,
        ip_address_ids: null,
      });
      expect(expectOk(await as().delete(`/api/v1/credentials/${created.id}`))).toEqual({});
      expectError(await get(created.id), 404, 'entity_not_found');
      expectError(await as().delete(`/api/v1/credentials/${created.id}`), 404, 'entity_not_found');
      expect((await hostOf(h1.id)).credential_assignments.map((a: Json) => a.credential_id)).not.toContain(created.id);
      expect(await hostAssignmentRows('credential_id = $1', [created.id])).toBe(0);
    });

    it('deleting a host removes its assignments', async () => {
      const host = await addHost(http, owner, n1);
      const created = await create({ host_assignments: [{ host_id: host.id }, { host_id: h1b.id }] });
      expect((await hostOf(host.id)).credential_assignments).toEqual([
        { credential_id: created.id, ip_address_ids: null },
      ]);
      expectOk(await as().delete(`/api/v1/hosts/${host.id}`));
      expect(expectOk(await get(created.id)).host_assignments).toEqual([{ host_id: h1b.id, ip_address_ids: null }]);
      expect(await hostAssignmentRows('host_id = $1', [host.id])).toBe(0);
    });

    it('deleting a network removes the assignments to it and to its hosts', async () => {
      const net = await addNetwork(http, owner);
      const subnet = await addSubnet(http, owner, net, '10.9.0.0/24');
      const host = await addHost(http, owner, net, { ip_addresses: [{ subnet_id: subnet, ip_address: '10.9.0.1' }] });
      const created = await create({
        assigned_network_ids: [n1, net],
        host_assignments: [{ host_id: host.id, ip_address_ids: [host.ip_addresses[0].id] }, { host_id: h1.id }],
      });
      expect(created.assigned_network_ids).toEqual([n1, net].sort());
      // While it touches the new network, the n1 Member may not see it.
      expectError(await get(created.id, member), 404, 'entity_not_found');

      expectOk(await as().delete(`/api/v1/networks/${net}`));
      const after = expectOk(await get(created.id));
      expect(after.assigned_network_ids).toEqual([n1]);
      expect(after.host_assignments).toEqual([{ host_id: h1.id, ip_address_ids: null }]);
      expect(await hostAssignmentRows('network_id = $1', [net])).toBe(0);
      expect(
        (
          await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM credential_networks WHERE network_id = $1`, [
            net,
          ])
        )[0].n,
      ).toBe(0);
      expect(await listIds(`&network_id=${net}`)).toEqual([]);
      // Now it touches only n1.
      expect(expectOk(await get(created.id, member))).toEqual(after);
    });
  });

  describe('no secret leaks (runs last: scans everything this file did)', () => {
    it('a write the database refuses answers an error that echoes no secret', async () => {
      // A NUL character cannot go into jsonb: the failure happens after the secrets were read.
      const auth = inline('db-error-auth');
      const reply = await as().post(
        '/api/v1/credentials',
        bodyOf({
          credential_type: {
            type: 'SnmpV3',
            security_name: 'a\u0000b',
            security_level: 'authNoPriv',
            auth_protocol: 'Md5',
            auth_password: auth,
          },
        }),
      );
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.body.success).toBe(false);
      expect(JSON.stringify(reply.body)).not.toContain(auth.value);
    });

    it('no response body or header, no log line and no database row holds a secret that was sent', async () => {
      // The scan means something only if it saw the traffic and the secrets.
      expect(secrets.values.size).toBeGreaterThan(50);
      expect(replies.length).toBeGreaterThan(300);
      expect(ctx.t.logs.length).toBeGreaterThan(300);

      const leakingReplies = replies
        .map((reply) => ({
          reply,
          found: secrets.foundIn(`${JSON.stringify(reply.body)} ${JSON.stringify(reply.headers)}`),
        }))
        .filter(({ found }) => found.length > 0)
        .map(({ reply, found }) => `${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}: ${found.join(', ')}`);
      expect(leakingReplies).toEqual([]);

      const leakingLogs = ctx.t.logs
        .map((line) => JSON.stringify(line))
        .filter((line) => secrets.foundIn(line).length > 0)
        .map((line) => line.slice(0, 300));
      expect(leakingLogs).toEqual([]);

      // A database dump: every row of every table as text.
      const tables: { name: string }[] = await ctx.t.dataSource.query(
        `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.map((t) => t.name)).toContain('public.credentials');
      const leakingRows: string[] = [];
      for (const { name } of tables) {
        const rows: { row: string }[] = await ctx.t.dataSource.query(`SELECT t::text AS row FROM ${name} t`);
        for (const { row } of rows)
          if (secrets.foundIn(row).length > 0) leakingRows.push(`${name}: ${row.slice(0, 200)}`);
      }
      expect(leakingRows).toEqual([]);
      // And the credentials table does hold sealed secrets (the dump looked at real data).
      const sealed = await ctx.t.dataSource.query(
        `SELECT count(*)::int AS n FROM credentials WHERE credential_type::text LIKE '%"sealed"%'`,
      );
      expect(sealed[0].n).toBeGreaterThan(10);
    });
  });
});
