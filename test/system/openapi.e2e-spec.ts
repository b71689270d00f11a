import SwaggerParser from '@apidevtools/swagger-parser';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMA_OPTIONS } from '../../scripts/openapi';
import { ResponseSchemas } from '../support/response-schemas';
import { createTestApp, TestApp } from '../support/test-app';

type Operation = {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
};

describe('OpenAPI', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('serves the document generated from the code at /api/openapi.json with stable operation ids', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['System_getVersion', 'System_getLiveness', 'System_getReadiness']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/version'].get.operationId).toBe('System_getVersion');
  });

  it('is a valid OpenAPI document for a real validator, with no empty reference', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"#/components/schemas/"');
  });

  it('gives every operation an id, a summary, a tag and the security its guard applies', () => {
    for (const { route, op } of operations()) {
      expect({ route, id: !!op.operationId, summary: !!op.summary, tags: op.tags?.length }).toEqual({
        route,
        id: true,
        summary: true,
        tags: 1,
      });
      expect({ route, security: Array.isArray(op.security) }).toEqual({ route, security: true });
    }
    const security = (method: string, path: string) => doc.paths[path][method].security;
    expect(security('get', '/api/version')).toEqual([]);
    expect(security('post', '/api/auth/login')).toEqual([]);
    expect(security('get', '/api/v1/hosts')).toEqual([{ api_key: [] }, { session: [] }]);
    for (const path of ['/api/v1/auth/keys', '/api/v1/users', '/api/v1/organizations/profile'])
      expect(Object.values(doc.paths[path]).map((op) => op.security)).not.toContainEqual([{ api_key: [] }]);
    expect(security('post', '/api/v1/organizations/referral-source')).toEqual([{ session: [] }]);
    expect(doc.components.securitySchemes.api_key).toEqual({
      type: 'http',
      scheme: 'bearer',
      description: expect.stringContaining('nta_'),
    });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session_id' });
  });

  it('types every success response: the envelope with its data, or the event stream; a redirect names Location', () => {
    for (const { route, op } of operations()) {
      const redirects = Object.keys(op.responses).filter((status) => /^3/.test(status));
      const located = redirects.map((status) => !!op.responses[status].headers?.Location);
      expect({ route, located }).toEqual({ route, located: redirects.map(() => true) });
      const successes = Object.keys(op.responses).filter((status) => Number(status) < 300);
      const typed = successes.map((status) => Object.keys(op.responses[status].content ?? {}));
      expect({ route, typed }).toEqual({
        route,
        typed: successes.map(() => [expect.stringMatching(/json|event-stream/)]),
      });
    }
    const hosts = doc.paths['/api/v1/hosts'].get.responses['200'].content!['application/json'].schema;
    expect(hosts).toMatchObject({ properties: { data: { type: 'array' }, meta: { allOf: expect.any(Array) } } });
    expect(doc.components.schemas.HostResponse.properties.ip_addresses.items).toEqual({
      $ref: '#/components/schemas/IpAddressResponse',
    });
  });

  it('gives every request body an example', () => {
    type Schema = {
      $ref?: string;
      example?: unknown;
      properties?: Record<string, Schema>;
      items?: Schema;
      allOf?: Schema[];
      oneOf?: Schema[];
    };
    const hasExample = (schema: Schema | undefined, depth: number): boolean => {
      if (!schema || depth < 0) return false;
      if (schema.example !== undefined) return true;
      const resolved = schema.$ref
        ? (doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema)
        : undefined;
      const nested = [
        resolved,
        schema.items,
        ...Object.values(schema.properties ?? {}),
        ...(schema.allOf ?? []),
        ...(schema.oneOf ?? []),
      ];
      return nested.some((s) => hasExample(s, depth - 1));
    };
    const bodies = operations().filter(({ op }) => op.requestBody?.content?.['application/json']);
    expect(bodies.length).toBeGreaterThan(20);
    const withoutExample = bodies
      .filter(({ op }) => !hasExample(op.requestBody!.content!['application/json'].schema as Schema, 4))
      .map(({ route }) => route);
    expect(withoutExample).toEqual([]);
  });

  it('documents the error envelope with the codes of each status', () => {
    for (const { route, op } of operations()) {
      const errors = Object.keys(op.responses).filter((status) => Number(status) >= 400);
      expect({ route, typed: errors.every((s) => op.responses[s].content?.['application/json']) }).toEqual({
        route,
        typed: true,
      });
    }
    const unauthorized = doc.paths['/api/v1/auth/keys'].get.responses['401'].content!['application/json'].schema;
    expect(JSON.stringify(unauthorized)).toContain('auth_session_required');
  });

  it('lets the HTTP tests refuse a response the document does not describe', () => {
    const schemas = new ResponseSchemas(doc as ConstructorParameters<typeof ResponseSchemas>[0]);
    const meta = { api_version: 1, server_version: '0.1.0', request_id: '5b6a1d4e-1c1f-4b8e-9d1a-2f3c4d5e6f70' };
    expect(() =>
      schemas.check('GET', '/api/version', 200, {
        success: true,
        data: { api_version: 1, server_version: '0.1.0' },
        meta,
      }),
    ).not.toThrow();
    expect(() =>
      schemas.check('GET', '/api/version', 200, { success: true, data: { api_version: 1, extra: true }, meta }),
    ).toThrow(/System_getVersion.*\n.*server_version/s);
    expect(() => schemas.check('GET', '/api/version', 418, {})).toThrow(/a status the OpenAPI document does not list/);
  });

  it('is the document committed for the typed client, whose types the build makes from it', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '../../client/openapi.json'), 'utf8'));
    // A change to the API shows in review: run `npm run openapi` and commit client/.
    expect(doc).toEqual(committed);
    const generated = join(mkdtempSync(join(tmpdir(), 'netatlas-client-')), 'schema.d.ts');
    execFileSync(
      join(__dirname, '../../node_modules/.bin/openapi-typescript'),
      ['client/openapi.json', ...SCHEMA_OPTIONS, '-o', generated],
      {
        cwd: join(__dirname, '../..'),
        stdio: 'ignore',
      },
    );
    expect(readFileSync(generated, 'utf8')).toBe(readFileSync(join(__dirname, '../../client/schema.d.ts'), 'utf8'));
  });

  it('serves the docs UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
