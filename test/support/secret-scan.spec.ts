import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findLeaks, recordExchange, scanRun, SCAN_DIR_ENV } from './secret-scan';

/** The scanner the global teardown runs over the whole suite's responses and logs must be able to fail. */
describe('secret scan', () => {
  const key = `nta_${'A'.repeat(43)}`;

  it('finds a recorded secret, a password hash and an API key in what was seen, and names where', () => {
    const leaks = findLeaks(
      [
        { kind: 'password sent', value: 'correct horse battery staple' },
        { kind: 'session id', value: 'sess-0123456789abcdef' },
        { kind: 'community sent', value: 'snmp-community-1' },
      ],
      [
        { where: 'GET /api/v1/users 200 body', text: '{"data":[{"email":"a@b"}]}' },
        { where: 'log line', text: '{"msg":"login","password":"correct horse battery staple"}' },
        { where: 'GET /x 200 body', text: '{"hash":"$argon2id$v=19$m=19456,t=2,p=1$abc"}' },
        { where: 'POST /api/v1/credentials 201 body', text: '{"community":"snmp-community-1"}' },
        { where: 'GET /api/v1/auth/keys 200 body', text: `{"key":"${key}"}` },
        { where: 'GET /api/auth/me 200 headers', text: '{"x-session":"sess-0123456789abcdef"}' },
      ],
    );
    expect(leaks.map((l) => `${l.where}: ${l.what.split(' (')[0]}`)).toEqual([
      'log line: password sent',
      'GET /x 200 body: argon2 password hash',
      'POST /api/v1/credentials 201 body: community sent',
      'GET /api/v1/auth/keys 200 body: API key secret',
      'GET /api/auth/me 200 headers: session id',
    ]);
  });

  it('ignores short values that would match ordinary text', () => {
    expect(findLeaks([{ kind: 'community sent', value: 'public' }], [{ where: 'x', text: 'public share' }])).toEqual(
      [],
    );
  });

  describe('recording a run and scanning it', () => {
    let folder: string;
    const saved = process.env[SCAN_DIR_ENV];
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'secret-scan-spec-'));
      process.env[SCAN_DIR_ENV] = folder;
    });
    afterEach(() => {
      process.env[SCAN_DIR_ENV] = saved;
      rmSync(folder, { recursive: true, force: true });
    });

    it('allows a key in its create answer and a session id in Set-Cookie, and fails a run that shows them elsewhere', () => {
      recordExchange(
        'POST',
        '/api/auth/login',
        { email: 'a@b', password: 'hunter2hunter2' },
        200,
        {
          'set-cookie': 'session_id=s3ss10n-id-value; HttpOnly',
        },
        { success: true },
      );
      recordExchange('POST', '/api/v1/auth/keys', { name: 'k' }, 201, {}, { success: true, data: { key } });
      recordExchange(
        'POST',
        '/api/v1/credentials',
        {
          credential_type: { type: 'SnmpV3', auth_password: { mode: 'Inline', value: 'v3-auth-secret' } },
        },
        201,
        {},
        { success: true, data: { auth_password: { mode: 'Inline', value: '[Redacted]' } } },
      );
      expect(readdirSync(folder).length).toBeGreaterThan(0);
      expect(scanRun(folder)).toBeNull();

      recordExchange('GET', '/api/v1/auth/keys', undefined, 200, {}, { data: [{ key }] });
      recordExchange('GET', '/api/v1/debug', undefined, 200, { 'x-debug': 's3ss10n-id-value' }, 'hunter2hunter2');
      recordExchange('GET', '/api/v1/credentials/1', undefined, 200, {}, { value: 'v3-auth-secret' });
      const report = scanRun(folder);
      expect(report).toContain('API key secret');
      expect(report).toContain('session id');
      expect(report).toContain('password sent');
      expect(report).toContain('auth_password sent');
      expect(report).toContain('GET /api/v1/credentials/1 200 body');
    });
  });
});
