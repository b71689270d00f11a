import { errors } from 'openid-client';
import { SsoSignInError } from '../domain/sso-sign-in';

/** Errors of a request that never got an answer from the provider (refused, reset, timed out, no such host). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The provider could not answer: down, unreachable, or a 5xx from it or the proxy in front of it. */
function providerUnavailable(error: unknown): boolean {
  if (error instanceof errors.OPError) {
    return (error.response?.statusCode ?? 0) >= 500 || error.error === 'temporarily_unavailable';
  }
  // openid-client's own timeout (3.5 s per request) is an RPError; nothing else tells it apart.
  if (error instanceof errors.RPError) return error.message.startsWith('outgoing request timed out');
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/**
 * What a failed code exchange or ID token check means for the person signing in; anything else (a bug)
 * is returned as it is, for the error filter.
 */
export function signInFailure(error: unknown): unknown {
  if (providerUnavailable(error)) {
    return new SsoSignInError('sso_provider_unavailable', `The provider did not answer the callback: ${String(error)}`);
  }
  if (error instanceof errors.OPError) {
    // invalid_grant: the code was used already, expired, or was issued for another verifier.
    return new SsoSignInError('sso_code_invalid', `The provider refused the code: ${error.error}`);
  }
  if (error instanceof errors.RPError) {
    return new SsoSignInError('sso_token_invalid', `The ID token did not verify: ${error.message}`);
  }
  return error;
}
