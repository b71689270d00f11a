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
      allowRegistration: true,
      defaultPlan: 'Community',
    });
  });

  it('converts and keeps valid values; empty values count as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', LOG_LEVEL: 'debug', HOST: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', logLevel: 'debug', host: '0.0.0.0' });
  });

  it('reads booleans as words, not as JavaScript truthiness', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true', ALLOW_REGISTRATION: 'false' })).toMatchObject({
      cookieSecure: true,
      allowRegistration: false,
    });
    expect(() => loadConfig({ COOKIE_SECURE: 'yes please' })).toThrow(/COOKIE_SECURE="yes please"/);
    expect(() => loadConfig({ DEFAULT_PLAN: 'Gold' })).toThrow(/DEFAULT_PLAN="Gold"/);
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
