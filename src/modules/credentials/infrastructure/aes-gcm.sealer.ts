import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretSealer } from '../domain/secret-sealer';

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** AES-256-GCM (node:crypto) under the current key; older keys still open what they sealed. */
export class AesGcmSealer implements SecretSealer {
  private readonly keys: Map<string, Buffer>;
  private readonly currentId: string;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    if (current.length !== 32 || previous.some((k) => k.length !== 32))
      throw new Error('credential encryption keys must be 32 bytes');
    this.currentId = keyId(current);
    this.keys = new Map([...previous, current].map((key) => [keyId(key), key]));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [this.currentId, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  open(sealed: string): string {
    const [id, iv, tag, data] = sealed.split(':');
    const key = this.keys.get(id);
    if (!key) throw new Error(`no credential encryption key ${id}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
