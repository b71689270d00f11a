import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has defaults for everything but DATABASE_URL', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: resolve('.data'),
      embeddedPgPort: 54329,
      databasePoolMax: 10,
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
      cookieSecure: false,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 },
      corsOrigins: [],
      trustProxy: false,
      allowRegistration: true,
      defaultPlan: 'Community',
      credentialEncryptionKey: undefined,
      credentialEncryptionOldKeys: [],
      credentialFileRoot: resolve('.data/credentials'),
      discovery: {
        allowedCidrs: [],
        worker: true,
        workerConcurrency: 2,
        snmpPort: 161,
        stallTimeoutMs: 60_000,
        schedulerIntervalMs: 30_000,
      },
      metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
      auditRetentionDays: 365,
      eventsRetentionDays: 7,
      webhooks: {
        allowedCidrs: [],
        maxAttempts: 8,
        retryBaseMs: 30_000,
        staleCheckIntervalMs: 60_000,
        timeoutMs: 10_000,
        worker: true,
        workerConcurrency: 4,
      },
    });
  });

  it('takes single sign-on as all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none', () => {
    const oidc = { OIDC_ISSUER: 'https://login.example.com/realms/acme', OIDC_CLIENT_ID: 'netatlas' };
    expect(loadConfig({ ...oidc, OIDC_CLIENT_SECRET: 's3cret' }).oidc).toEqual({
      issuer: 'https://login.example.com/realms/acme',
      clientId: 'netatlas',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
    });
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(() => loadConfig(oidc)).toThrow(/OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    const secret = { OIDC_CLIENT_ID: 'netatlas', OIDC_CLIENT_SECRET: 's3cret' };
    expect(loadConfig({ ...secret, OIDC_ISSUER: 'http://127.0.0.1:4444' }).oidc?.issuer).toBe('http://127.0.0.1:4444');
    expect(() => loadConfig({ ...secret, OIDC_ISSUER: 'http://login.example.com' })).toThrow(/https:\/\/ URL/);
    expect(() => loadConfig({ ...oidc, ...secret, OIDC_SCOPES: 'email profile' })).toThrow(/includes openid/);
  });

  it('takes METRICS_PORT as a port of its own and METRICS_TOKEN of 16 characters or more', () => {
    const token = 'a'.repeat(16);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: 9464,
      host: '0.0.0.0',
    });
    expect(loadConfig({ METRICS_PORT: '0', PORT: '0' }).metrics.port).toBe(0);
    for (const bad of ['abc', '-1', '70000', '94.5'])
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(
        new ConfigError(
          `Invalid configuration:\n  METRICS_PORT="${bad}": METRICS_PORT must be a port number (1-65535, or 0 for any free port)`,
        ),
      );
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('takes DISCOVERY_ALLOWED_CIDRS as a list of CIDRs, canonical', () => {
    expect(loadConfig({ DISCOVERY_ALLOWED_CIDRS: '10.0.0.0/8, FD00::/8' }).discovery.allowedCidrs).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.1/8', '10.0.0.0', '10.0.0.0/8,,', 'lan']) {
      expect(() => loadConfig({ DISCOVERY_ALLOWED_CIDRS: bad })).toThrow(/DISCOVERY_ALLOWED_CIDRS must be/);
    }
    expect(loadConfig({ DISCOVERY_WORKER: 'false' }).discovery.worker).toBe(false);
  });

  it('converts and keeps valid values; empty values count as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', LOG_LEVEL: 'debug', HOST: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', logLevel: 'debug', host: '0.0.0.0' });
  });

  it('takes CORS_ORIGINS as a list of exact origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com,http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'https://a.example.com/', 'a.example.com', 'https://a.example.com,,'])
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS must be/);
  });

  it('reads booleans as words, not as JavaScript truthiness', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true', ALLOW_REGISTRATION: 'false' })).toMatchObject({
      cookieSecure: true,
      allowRegistration: false,
    });
    expect(() => loadConfig({ COOKIE_SECURE: 'yes please' })).toThrow(/COOKIE_SECURE="yes please"/);
    expect(() => loadConfig({ DEFAULT_PLAN: 'Gold' })).toThrow(/DEFAULT_PLAN="Gold"/);
  });

  it('takes credential keys as 32 bytes of base64 only', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ CREDENTIAL_ENCRYPTION_KEY: key, CREDENTIAL_ENCRYPTION_OLD_KEYS: `${key},${key}` }),
    ).toMatchObject({
      credentialEncryptionKey: key,
      credentialEncryptionOldKeys: [key, key],
    });
    expect(() => loadConfig({ CREDENTIAL_ENCRYPTION_KEY: 'short' })).toThrow(
      /CREDENTIAL_ENCRYPTION_KEY must be 32 bytes/,
    );
  });

  it('rejects bad values with one message naming each', () => {
    expect(() => loadConfig({ PORT: '70000', DATABASE_POOL_MAX: 'many' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_POOL_MAX: 'many' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT="70000": PORT must not be greater than 65535/);
      expect((error as Error).message).toMatch(/DATABASE_POOL_MAX="many"/);
    }
  });
});
