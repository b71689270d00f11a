import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Credentials, HttpClient, Reply } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, PASSWORD, registerOrg } from '../support/tenants';

/**
 * Fuzzing from the served OpenAPI document (#17, item 2): every operation is called with parameters and
 * bodies generated from its schemas, valid ones and hostile ones (wrong types, missing and extra fields,
 * huge numbers, odd dates, unusual strings, deep nesting), as every kind of caller, with the ids of both
 * tenants' entities. Whatever comes back: no 5xx; an error is the envelope with a code the document lists
 * for that operation and status; a 2xx body is what the document describes (HttpClient checks both
 * against the served document on every JSON reply). Seeded and bounded, so a failure replays.
 */

const SEED = 17;
/** Calls per operation: 78 operations x RUNS requests keeps the file well under a minute on 2 cores. */
const RUNS = 12;

/** Operations not fuzzed here, each with why; the first test checks this list against the document. */
const EXCLUDED: Record<string, string> = {
  'GET /api/v1/discovery/runs/{id}/events':
    'Server-Sent Events: the reply stays open until the run ends; test/discovery/runs covers its errors',
  'GET /api/v1/events/stream':
    'Server-Sent Events: the reply stays open while the caller follows; test/webhooks/event-stream covers its errors',
  'POST /api/v1/discovery/runs':
    'starts a scan of the generated targets; its validation is covered by test/discovery/runs and test/validation',
};

/** Operations that end or change the callers' own access run last, in this order. */
const LAST = ['PUT /api/v1/organizations/plan', 'POST /api/auth/logout'];

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON Schema nodes
interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// ---------------------------------------------------------------------------------------------------------
// Hostile values: what an attacker or a careless client sends in place of any value.

const DEEP = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

const HUGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 40, 2 ** 53 + 2, 1e20, -1e308, 1.5, -0, 0.1 + 0.2];
const ODD_DATES = [
  '-004714-11-23T00:00:00Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T25:61:61Z',
  '1970-01-01',
  'yesterday',
  '9999-12-31T23:59:59.999999999Z',
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '🛰️🌐',
  '\u202eevil',
  'Ω≈ç√∫',
  "'; DROP TABLE hosts; --",
  '../../etc/passwd',
  '%zz',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '10.0.0.0/33',
  'ff:ff:ff:ff:ff:ff:ff',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
];

/** A body sent as this exact JSON text (nesting too deep for JSON.stringify in the test process itself). */
class RawJson {
  constructor(readonly text: string | Buffer) {}
  toJSON() {
    return `<${this.text.length} bytes of raw JSON>`;
  }
}
const rawNesting = (depth: number) => new RawJson(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

/** Whole bodies an attacker sends: the 5,000 and 100,000 levels, unbalanced brackets. */
const hostileBody: fc.Arbitrary<unknown> = fc.constantFrom(
  rawNesting(2_500),
  rawNesting(50_000),
  new RawJson('['.repeat(100_000)),
  new RawJson('{"name": "a", "name": "b"}'),
  new RawJson('{"__proto__": {"polluted": true}, "name": "x"}'),
  // invalid UTF-8 inside a string, and an overlong encoding of '/'
  new RawJson(Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from('"}')])),
);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(...ODD_DATES),
  fc.constantFrom(...ODD_STRINGS),
  fc.constantFrom(null, true, false, [], {}, '1', 0, -1),
  fc.constantFrom(DEEP(64), DEEP(600)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

/** A query or path value in text form. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS.map(String), ...ODD_DATES, ...ODD_STRINGS, 'NaN', 'Infinity', '-1', 'true', '[]'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

// ---------------------------------------------------------------------------------------------------------
// Values the schemas allow, built from the document (ids from the pool: both tenants' entities).

interface Pools {
  /** Ids of entities by kind, from both tenants, mixed. */
  ids: Record<string, string[]>;
  all: string[];
}

const KIND_OF_FIELD: [RegExp, string][] = [
  [/network/, 'network'],
  [/subnet/, 'subnet'],
  [/tag/, 'tag'],
  [/host/, 'host'],
  [/credential/, 'credential'],
  [/share/, 'share'],
  [/user/, 'user'],
  [/key/, 'key'],
  [/schedule/, 'schedule'],
  [/run|discovery/, 'run'],
  [/service/, 'service'],
  [/binding/, 'binding'],
  [/port/, 'port'],
  [/ip_address/, 'ip'],
  [/interface/, 'interface'],
  [/dependenc/, 'dependency'],
];

function idArbitrary(pools: Pools, field: string): fc.Arbitrary<string> {
  const kind = KIND_OF_FIELD.find(([re]) => re.test(field))?.[1];
  const own = (kind && pools.ids[kind]) || [];
  return fc.oneof(
    { weight: 4, arbitrary: own.length ? fc.constantFrom(...own) : fc.uuid() },
    { weight: 1, arbitrary: pools.all.length ? fc.constantFrom(...pools.all) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

class Generator {
  constructor(
    private readonly doc: Document,
    private readonly pools: Pools,
  ) {}

  private resolve(schema: Schema): Schema {
    if (schema?.$ref) return this.resolve(this.doc.components.schemas[String(schema.$ref).split('/').pop()!]);
    if (schema?.allOf) {
      const { allOf, ...rest } = schema;
      return (allOf as Schema[]).reduce<Schema>((merged, part) => ({ ...this.resolve(part), ...merged }), rest);
    }
    return schema ?? {};
  }

  /** A value the schema allows (mostly: ids may belong to the other tenant or to nobody). */
  valid(raw: Schema, field = '', depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const nullable = schema.nullable === true;
    const value = this.validNonNull(schema, field, depth);
    return nullable ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
  }

  private validNonNull(schema: Schema, field: string, depth: number): fc.Arbitrary<unknown> {
    if (schema.oneOf || schema.anyOf)
      return fc.oneof(...((schema.oneOf ?? schema.anyOf) as Schema[]).map((s) => this.valid(s, field, depth)));
    if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
    const type = schema.type ?? (schema.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        return this.string(schema, field);
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
        const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 1000);
        return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
        if (depth > 3 && !minLength) return fc.constant([]);
        const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3));
        return fc.array(this.valid(schema.items ?? {}, field, depth + 1), { minLength, maxLength });
      }
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        if (depth > 3) return fc.constant({});
        const required = new Set<string>((schema.required as string[]) ?? []);
        const entries = Object.fromEntries(
          Object.entries(properties).map(([name, s]) => [name, this.valid(s, name, depth + 1)]),
        );
        if (!Object.keys(entries).length)
          return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 });
        return fc.record(entries, { requiredKeys: [...required].filter((k) => k in entries) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(schema: Schema, field: string): fc.Arbitrary<string> {
    if (schema.format === 'uuid' || /(^|[_:])ids?$/.test(field)) return idArbitrary(this.pools, field);
    if (schema.format === 'date-time')
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    if (schema.format === 'email') return fc.uuid().map((u) => `fuzz-${u}@example.test`);
    if (/cidr/.test(field)) return fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.${a}.${b}.0/24`);
    if (/ip|addr/.test(field)) return fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.0.${a}.${b}`);
    if (/mac/.test(field))
      return fc
        .array(fc.nat(255), { minLength: 6, maxLength: 6 })
        .map((b) => b.map((x) => x.toString(16).padStart(2, '0')).join(':'));
    if (/cron/.test(field)) return fc.constantFrom('*/5 * * * *', '0 3 * * 1');
    if (/color/.test(field)) return fc.constantFrom('#ff0000', 'blue');
    if (/password/.test(field)) return fc.constant(PASSWORD);
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 24, 24));
    return fc.string({ unit: 'grapheme', minLength, maxLength });
  }

  /** A body: mostly valid, otherwise a valid one spoiled in one place, or something else entirely. */
  body(schema: Schema): fc.Arbitrary<unknown> {
    const valid = this.valid(schema);
    const spoiled = valid.chain((value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fc.constant(value);
      const keys = Object.keys(value);
      const record = value as Record<string, unknown>;
      return fc.oneof(
        // one field replaced by a hostile value
        keys.length
          ? fc.tuple(fc.constantFrom(...keys), hostile).map(([k, v]) => ({ ...record, [k]: v }))
          : fc.constant(record),
        // one field missing
        keys.length
          ? fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== k)))
          : fc.constant(record),
        // a field the schema does not have (including ones that would mean something elsewhere)
        fc
          .tuple(fc.constantFrom('organization_id', 'id', '__proto__', 'constructor', 'role', 'extra'), hostile)
          .map(([k, v]) => JSON.parse(JSON.stringify({ ...record, [k === '__proto__' ? k : k]: v }))),
        // nested arrays and objects inside the body
        fc.constantFrom(...keys, 'x').map((k) => ({ ...record, [k]: DEEP(200, record) })),
      );
    });
    return fc.oneof(
      { weight: 5, arbitrary: valid },
      { weight: 4, arbitrary: spoiled },
      { weight: 1, arbitrary: fc.oneof(hostile, hostileBody) },
    );
  }

  /** A path or query value in text form: valid, or (when `spoil`) sometimes hostile. */
  text(schema: Schema, field: string, spoil: boolean): fc.Arbitrary<string> {
    const valid = this.valid(schema, field).map((v) => (Array.isArray(v) ? v.join(',') : String(v)));
    return spoil ? fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: hostileText }) : valid;
  }
}

// ---------------------------------------------------------------------------------------------------------

/** URLs carry UTF-8: a lone surrogate cannot be percent-encoded (bad encodings in URLs: test/system). */
const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/g, '\ufffd');

interface Call {
  method: Method;
  url: string;
  body?: unknown;
  caller: string;
}

describe('fuzzing every operation of the served OpenAPI document', () => {
  const ctx = useTestApp();
  let doc: Document;
  let callers: Record<string, Credentials>;
  let gen: Generator;
  const pools: Pools = { ids: {}, all: [] };

  const remember = (kind: string, id: unknown) => {
    if (typeof id !== 'string') return;
    (pools.ids[kind] ??= []).push(id);
    pools.all.push(id);
  };

  /** Entities in a tenant: its ids go into the pools for generated path parameters and body fields. */
  async function seed(http: HttpClient, who: Credentials, orgId: string) {
    const as = http.as(who);
    const network = await addNetwork(http, who);
    remember('network', network);
    const tag = (await as.post('/api/v1/tags', { name: `tag-${randomUUID()}` })).body?.data?.id;
    remember('tag', tag);
    remember('subnet', (await as.post('/api/v1/subnets', { network_id: network, cidr: '10.9.0.0/24' })).body?.data?.id);
    const host = (
      await as.post('/api/v1/hosts', {
        network_id: network,
        name: `host-${randomUUID()}`,
        tags: [tag],
        ip_addresses: [{ ip_address: '10.9.0.5' }],
        ports: [{ number: 443, protocol: 'Tcp', type: 'Https' }],
        interfaces: [{ if_index: 1, if_name: 'eth0' }],
      })
    ).body?.data;
    remember('host', host?.id);
    for (const ip of host?.ip_addresses ?? []) remember('ip', ip.id);
    for (const port of host?.ports ?? []) remember('port', port.id);
    for (const iface of host?.interfaces ?? []) remember('interface', iface.id);
    remember(
      'credential',
      (
        await as.post('/api/v1/credentials', {
          name: `cred-${randomUUID()}`,
          organization_id: orgId,
          credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'fuzz-community-secret' } },
          assigned_network_ids: [network],
          host_assignments: [],
          tags: [],
        })
      ).body?.data?.id,
    );
    remember('share', (await as.post('/api/v1/shares', { network_id: network, name: 'fuzz share' })).body?.data?.id);
    remember(
      'schedule',
      (
        await as.post('/api/v1/discovery/schedules', {
          network_id: network,
          name: 'fuzz schedule',
          cron: '0 3 * * 1',
          targets: ['10.9.0.0/30'],
          enabled: false,
        })
      ).body?.data?.id,
    );
    // A user and a key nobody calls with: the fuzzer may change or delete them.
    remember('user', (await addUser(http, who, 'Viewer')).id);
    remember('key', (await addKey(http, who, { permissions: 'Viewer' })).id);
  }

  beforeAll(async () => {
    const http = ctx.http;
    doc = (await http.as().get('/api/openapi.json')).body as Document;
    const orgA = await registerOrg(http);
    const orgB = await registerOrg(http);
    const owner = orgA.owner.session;
    const net = await addNetwork(http, owner);
    callers = {
      owner,
      admin: (await addUser(http, owner, 'Admin')).session,
      member: (await addUser(http, owner, 'Member', [net])).session,
      viewer: (await addUser(http, owner, 'Viewer', [net])).session,
      apiKey: (await addKey(http, owner, { permissions: 'Admin' })).bearer,
      anonymous: {},
      otherTenantOwner: orgB.owner.session,
    };
    await seed(http, owner, orgA.id);
    await seed(http, orgB.owner.session, orgB.id);
    gen = new Generator(doc, pools);
  }, 60_000);

  const operations = (): [string, Method, string, Operation][] => {
    const all = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item).map(
        ([m, op]) => [`${m.toUpperCase()} ${template}`, m.toUpperCase() as Method, template, op] as const,
      ),
    );
    return [...all].sort(([a], [b]) => LAST.indexOf(a) - LAST.indexOf(b)) as [string, Method, string, Operation][];
  };

  it('fuzzes every operation the document lists, except the ones named here with a reason', () => {
    const names = operations().map(([name]) => name);
    expect(Object.keys(EXCLUDED).filter((name) => !names.includes(name))).toEqual([]);
    expect(names.length).toBeGreaterThan(70);
  });

  function callArbitrary(method: Method, template: string, op: Operation): fc.Arbitrary<Call> {
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const spoilPath = fc
      .boolean()
      .chain((spoil) => fc.tuple(...pathParams.map((p) => gen.text(p.schema, `${template}:${p.name}`, spoil))));
    const path = spoilPath.map((values) =>
      pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, encodeURIComponent(wellFormed(values[i] || 'x'))),
        template,
      ),
    );
    const query = fc
      .boolean()
      .chain((spoil) =>
        fc.tuple(
          ...queryParams.map((p) =>
            p.required
              ? gen.text(p.schema, p.name, spoil)
              : fc.option(gen.text(p.schema, p.name, spoil), { nil: undefined, freq: 1 }),
          ),
        ),
      )
      .map((values) =>
        queryParams
          .flatMap((p, i) =>
            values[i] === undefined ? [] : [`${p.name}=${encodeURIComponent(wellFormed(values[i]!))}`],
          )
          .join('&'),
      );
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const body =
      method === 'POST' || method === 'PUT'
        ? bodySchema
          ? gen.body(bodySchema)
          : fc.oneof(fc.constant({}), hostile, hostileBody)
        : fc.constant(undefined);
    return fc
      .record({ path, query, body, caller: fc.constantFrom(...Object.keys(callers)) })
      .map(({ path, query, body, caller }) => ({ method, url: query ? `${path}?${query}` : path, body, caller }));
  }

  /** Statuses seen per operation: the last test checks the fuzzer got past validation, not only 400s. */
  const seen = new Map<string, Set<number>>();

  async function call(name: string, c: Call): Promise<Reply> {
    const who = ctx.http.as(callers[c.caller]);
    const reply =
      c.body instanceof RawJson
        ? await who.send(c.method, c.url, c.body.text, { 'content-type': 'application/json' })
        : await who.send(c.method, c.url, c.body);
    if (!seen.has(name)) seen.set(name, new Set());
    seen.get(name)!.add(reply.status);
    const where = `${c.method} ${c.url} as ${c.caller} with ${JSON.stringify(c.body)?.slice(0, 300)}`;
    if (reply.status >= 500) throw new Error(`${where} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    if (reply.status >= 400 && (typeof reply.body !== 'object' || reply.body?.success !== false))
      throw new Error(`${where} answered ${reply.status} outside the envelope: ${String(reply.body).slice(0, 300)}`);
    if (reply.status < 300 && reply.body?.success === true && reply.body.data?.id) {
      // what the fuzzer created becomes a target for later operations
      const kind = /\/api\/v1\/([a-z-]+)/.exec(c.url)?.[1];
      if (kind && c.method === 'POST') pools.all.push(reply.body.data.id);
    }
    return reply;
  }

  // One test per operation, in the document's order (the ones in LAST at the end).
  const DOCUMENT = require('../../client/openapi.json') as Document; // eslint-disable-line @typescript-eslint/no-require-imports
  const listed = Object.entries(DOCUMENT.paths)
    .flatMap(([template, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${template}`))
    .sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b));

  it.each(listed)('%s', async (name) => {
    if (EXCLUDED[name]) return; // listed above with the reason; the inventory test keeps the list honest
    const found = operations().find(([n]) => n === name);
    if (!found) throw new Error(`${name} is in client/openapi.json but not in the served document`);
    const [, method, template, op] = found;
    await fc.assert(
      fc.asyncProperty(callArbitrary(method, template, op), async (c) => {
        await call(name, c);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('reached a success on most operations (valid inputs got through, not only rejections)', () => {
    const fuzzed = listed.filter((name) => !EXCLUDED[name]);
    const succeeded = fuzzed.filter((name) => [...(seen.get(name) ?? [])].some((s) => s < 300));
    const summary = Object.fromEntries([...seen].map(([name, statuses]) => [name, [...statuses].sort().join(',')]));
    expect({ succeeded: succeeded.length >= fuzzed.length * 0.4, summary }).toMatchObject({ succeeded: true });
  });
});
