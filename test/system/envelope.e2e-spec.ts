import { randomUUID } from 'node:crypto';
import { version } from '../../package.json';
import { ProbeModule } from '../support/probe.module';
import { createTestApp, TestApp } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('envelope, errors and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(() => t.close());

  const expectMeta = (body: { meta: Record<string, unknown> }, requestId: string) =>
    expect(body.meta).toEqual(
      expect.objectContaining({ api_version: 1, server_version: version, request_id: requestId }),
    );

  it('GET /api/version answers the versions in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      data: { api_version: 1, server_version: version },
      meta: { api_version: 1, server_version: version, request_id: res.headers['x-request-id'] },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('echoes a valid incoming X-Request-Id and replaces an invalid one', async () => {
    const mine = randomUUID();
    const echoed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': mine } });
    expect(echoed.headers['x-request-id']).toBe(mine);
    expectMeta(echoed.json(), mine);

    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x"; DROP' } });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    expect(replaced.headers['x-request-id']).not.toBe('x"; DROP');

    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('answers unknown routes with 404 route_not_found', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/version'],
      ['GET', '/api'],
      ['POST', '/'], // GET / is the web UI (test/system/web-ui.e2e-spec.ts)
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expect(body).toEqual({
        success: false,
        error: 'Route not found',
        code: 'route_not_found',
        params: {},
        meta: expect.objectContaining({ api_version: 1 }),
      });
      expectMeta(body, res.headers['x-request-id'] as string);
    }
  });

  it('refuses bodies over 1 MiB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1, item: { label: 'a' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'payload_too_large', params: { max_bytes: 1048576 } });
  });

  it('refuses non-JSON bodies with 415 unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'content-type': type },
        payload: 'name=a',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'unsupported_media_type',
        error: 'Request body must be application/json',
      });
    }
  });

  it('answers malformed JSON with 400 validation_failed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      params: { errors: [expect.objectContaining({ field: 'body' })] },
    });
  });

  it('validates bodies: wrong types, unknown fields and nested fields name the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { name: 5, count: 1, item: { label: 'far too long a label' }, extra: true },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    const fields = body.params.errors.map((e: { field: string; rule: string }) => `${e.field}:${e.rule}`);
    expect(fields).toEqual(
      expect.arrayContaining(['name:isString', 'item.label:maxLength', 'extra:whitelistValidation']),
    );
  });

  it('reports numbers out of range as validation_out_of_range with the bounds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { name: 'a', count: 1001, item: { label: 'a' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_out_of_range',
      params: { field: 'count', min: 0, max: 1000 },
    });
  });

  it('passes a valid body through, transformed, in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { name: 'a', count: 3, item: { label: 'b' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { name: 'a', count: 3, item: { label: 'b' } } });
  });

  it('answers an invalid uuid in a path with 400, never 500', async () => {
    for (const id of ['not-a-uuid', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/probe/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'validation_failed',
        params: { errors: [{ field: 'id', rule: 'isUuid' }] },
      });
    }
    const ok = await t.app.inject({ method: 'GET', url: `/api/v1/probe/${randomUUID()}` });
    expect(ok.statusCode).toBe(200);
  });

  it('puts list pagination in meta.pagination', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/list/page' });
    expect(res.json()).toMatchObject({
      success: true,
      data: [{ n: 1 }],
      meta: { api_version: 1, pagination: { total_count: 3, limit: 1, offset: 0, has_more: true } },
    });
  });

  it('answers unexpected failures with 500 internal_error and no stack trace or SQL', async () => {
    let crashId: unknown;
    for (const url of ['/api/v1/probe/fail/crash', '/api/v1/probe/fail/sql']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        error: 'Internal server error',
        code: 'internal_error',
        params: {},
        meta: expect.objectContaining({ request_id: res.headers['x-request-id'] }),
      });
      expect(res.body).not.toMatch(/SELECT|no_such_table|at \w+ \(|\.ts:\d+/);
      crashId ??= res.headers['x-request-id'];
    }
    const logged = t.logs.find((line) => line.msg === 'request errored' && line.request_id === crashId);
    expect(logged).toMatchObject({ level: 50, err: { message: expect.stringContaining('must never reach a client') } });
  });

  it('maps a PostgreSQL unique violation to 409 entity_conflict naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/probe/fail/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'entity_conflict', params: { field: 'email' } });
    expect(res.body).not.toMatch(/probe_unique|a@example\.com/);
  });

  it('sets security headers (helmet)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // HSTS only when served over HTTPS (COOKIE_SECURE=true; test/system/web-ui.e2e-spec.ts).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
