import { randomBytes } from 'node:crypto';
import { AesGcmSealer } from './aes-gcm.sealer';

describe('AesGcmSealer', () => {
  it('seals with a fresh IV each time and opens again', () => {
    const sealer = new AesGcmSealer(randomBytes(32));
    const a = sealer.seal('public');
    const b = sealer.seal('public');
    expect(a).not.toBe(b);
    expect(a).not.toContain('public');
    expect(sealer.open(a)).toBe('public');
    expect(sealer.open(b)).toBe('public');
  });

  it('opens secrets sealed under a previous key after rotation, and refuses unknown keys', () => {
    const old = randomBytes(32);
    const sealedBefore = new AesGcmSealer(old).seal('s3cret');
    const rotated = new AesGcmSealer(randomBytes(32), [old]);
    expect(rotated.open(sealedBefore)).toBe('s3cret');
    expect(rotated.seal('x').split(':')[0]).not.toBe(sealedBefore.split(':')[0]);
    expect(() => new AesGcmSealer(randomBytes(32)).open(sealedBefore)).toThrow(/no credential encryption key/);
  });

  it('detects tampering', () => {
    const sealer = new AesGcmSealer(randomBytes(32));
    const [id, iv, tag, data] = sealer.seal('community').split(':');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => sealer.open([id, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
  });

  it('wants 32-byte keys', () => {
    expect(() => new AesGcmSealer(randomBytes(16))).toThrow(/32 bytes/);
  });
});
