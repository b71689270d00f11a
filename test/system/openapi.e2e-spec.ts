import { createTestApp, TestApp } from '../support/test-app';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the document generated from the code at /api/openapi.json with stable operation ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (item) => Object.values(item).map((op) => op.operationId),
    );
    expect(operations).toEqual(
      expect.arrayContaining(['System_getVersion', 'System_getLiveness', 'System_getReadiness']),
    );
    expect(new Set(operations).size).toBe(operations.length);
    expect(doc.paths['/api/version'].get.operationId).toBe('System_getVersion');
  });

  it('serves the docs UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
