import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ShareAccessTokens } from '../domain/share-access-tokens.port';

export const TOKEN_TTL_MS = 24 * 3600 * 1000;

interface Claims {
  share: string;
  /** Fingerprint of the password hash: a new password voids every older token. */
  pw: string;
  exp: number;
}

const fingerprint = (passwordHash: string | null) =>
  createHash('sha256')
    .update(passwordHash ?? '')
    .digest('base64url')
    .slice(0, 16);

/** Signed access tokens for password shares: `<claims>.<HMAC-SHA256>`, base64url. */
export class ShareTokens implements ShareAccessTokens {
  constructor(private readonly key: Buffer) {}

  issue(shareId: string, passwordHash: string | null, now = Date.now()): string {
    const claims = Buffer.from(
      JSON.stringify({ share: shareId, pw: fingerprint(passwordHash), exp: now + TOKEN_TTL_MS } satisfies Claims),
    ).toString('base64url');
    return `${claims}.${this.sign(claims)}`;
  }

  verify(token: string, shareId: string, passwordHash: string | null, now = Date.now()): boolean {
    const [claims, signature] = token.split('.');
    if (!claims || !signature) return false;
    const expected = Buffer.from(this.sign(claims));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    try {
      const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Claims;
      return parsed.share === shareId && parsed.pw === fingerprint(passwordHash) && parsed.exp > now;
    } catch {
      return false;
    }
  }

  private sign(claims: string): string {
    return createHmac('sha256', this.key).update(claims).digest('base64url');
  }
}
