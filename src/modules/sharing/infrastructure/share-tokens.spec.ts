import { randomBytes } from 'node:crypto';
import { ShareTokens, TOKEN_TTL_MS } from './share-tokens';

describe('ShareTokens', () => {
  const tokens = new ShareTokens(randomBytes(32));

  it('accepts its own token for the same share and password until it expires', () => {
    const token = tokens.issue('s1', 'hash-a', 1_000);
    expect(tokens.verify(token, 's1', 'hash-a', 1_000 + TOKEN_TTL_MS - 1)).toBe(true);
    expect(tokens.verify(token, 's1', 'hash-a', 1_000 + TOKEN_TTL_MS)).toBe(false);
  });

  it('refuses another share, a changed password, another key and tampering', () => {
    const token = tokens.issue('s1', 'hash-a');
    expect(tokens.verify(token, 's2', 'hash-a')).toBe(false);
    expect(tokens.verify(token, 's1', 'hash-b')).toBe(false);
    expect(new ShareTokens(randomBytes(32)).verify(token, 's1', 'hash-a')).toBe(false);
    const [claims, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ share: 's1', pw: 'x', exp: Date.now() + 1e9 })).toString('base64url');
    expect(tokens.verify(`${forged}.${signature}`, 's1', 'hash-a')).toBe(false);
    expect(tokens.verify(`${claims}.`, 's1', 'hash-a')).toBe(false);
    expect(tokens.verify('garbage', 's1', 'hash-a')).toBe(false);
  });
});
