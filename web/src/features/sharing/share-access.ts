import { ApiError } from '../../api/errors';

/**
 * The access token of a password share, kept for this tab (sessionStorage) so a reload does not ask
 * again. Storage can be refused (a third-party frame with storage blocked): then it lives in memory.
 */
const memory = new Map<string, string>();
const keyOf = (id: string) => `netatlas.share-token.${id}`;

export function storedToken(id: string): string | null {
  try {
    return sessionStorage.getItem(keyOf(id)) ?? memory.get(id) ?? null;
  } catch {
    return memory.get(id) ?? null;
  }
}

export function storeToken(id: string, token: string | null): void {
  if (token) memory.set(id, token);
  else memory.delete(id);
  try {
    if (token) sessionStorage.setItem(keyOf(id), token);
    else sessionStorage.removeItem(keyOf(id));
  } catch {
    // memory only
  }
}

/** Why a share cannot be shown, for a person: a heading and a sentence. */
export function unavailableReason(error: unknown): { title: string; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  switch (error.code) {
    case 'entity_not_found':
    case 'validation_failed':
      return {
        title: 'Share not found',
        message: 'This link does not lead to a share. It may be mistyped, or the share was deleted.',
      };
    case 'entity_disabled':
      return { title: 'Share turned off', message: 'Whoever shared this map has turned the link off.' };
    case 'entity_expired':
      return { title: 'Share expired', message: 'This link has expired. Ask whoever shared it for a new one.' };
    case 'share_domain_not_allowed':
      return { title: 'Not available here', message: 'This share cannot be shown on this site.' };
    default:
      return undefined;
  }
}

/** The token is missing, stale (the password changed) or expired: ask for the password again. */
export const needsPassword = (error: unknown) =>
  error instanceof ApiError && (error.code === 'share_password_required' || error.code === 'share_token_invalid');
