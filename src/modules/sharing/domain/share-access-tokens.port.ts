/** Access tokens for password shares, issued after the password and valid until it changes. */
export interface ShareAccessTokens {
  issue(shareId: string, passwordHash: string | null): string;
  /** Valid: well signed, for this share, for its current password, not expired. */
  verify(token: string, shareId: string, passwordHash: string | null): boolean;
}

export const SHARE_ACCESS_TOKENS = Symbol('SHARE_ACCESS_TOKENS');
