import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../config/app-config';

const KEY_FILE = 'credential-encryption.key';

/**
 * The current credential key: CREDENTIAL_ENCRYPTION_KEY, else one generated on first start into
 * DATA_DIR (fine for the embedded setup; production sets the variable and keeps it safe).
 */
export function currentKey(config: AppConfig): Buffer {
  if (config.credentialEncryptionKey) return Buffer.from(config.credentialEncryptionKey, 'base64');
  const file = join(config.dataDir, KEY_FILE);
  try {
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process made it first
      }
    }
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `CREDENTIAL_ENCRYPTION_KEY is not set and ${file} cannot be created or read (${code}): ` +
        'set CREDENTIAL_ENCRYPTION_KEY (openssl rand -base64 32), or DATA_DIR to a writable directory',
    );
  }
}

export const previousKeys = (config: AppConfig): Buffer[] =>
  config.credentialEncryptionOldKeys.map((key) => Buffer.from(key, 'base64'));

/** A key for one purpose (signing share tokens, ...), derived from the current key so there is one secret to keep. */
export const derivedKey = (config: AppConfig, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', currentKey(config), Buffer.alloc(0), purpose, 32));
