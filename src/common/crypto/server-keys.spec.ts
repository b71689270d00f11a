import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { currentKey } from './server-keys';

describe('currentKey', () => {
  const scratch = () => mkdtempSync(join(tmpdir(), 'netatlas-keys-'));

  it('generates the key once into DATA_DIR and reads it back', () => {
    const config = loadConfig({ DATA_DIR: join(scratch(), 'data') });
    const key = currentKey(config);
    expect(key).toHaveLength(32);
    expect(currentKey(config)).toEqual(key);
    expect(readFileSync(join(config.dataDir, 'credential-encryption.key'), 'utf8')).toBe(key.toString('base64'));
  });

  it('says what to set, in one ConfigError, when DATA_DIR cannot hold the key', () => {
    const file = join(scratch(), 'a-file');
    writeFileSync(file, '');
    const config = loadConfig({ DATA_DIR: join(file, 'data') });
    expect(() => currentKey(config)).toThrow(ConfigError);
    expect(() => currentKey(config)).toThrow(
      /CREDENTIAL_ENCRYPTION_KEY is not set .* \(ENOTDIR\): set CREDENTIAL_ENCRYPTION_KEY/,
    );
  });
});
