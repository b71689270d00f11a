/** Why a single sign-on attempt ended back at the sign-in page; the UI shows each code (docs/auth.md). */
export const SSO_ERROR_CODES = [
  'sso_not_configured',
  'sso_provider_unavailable',
  'sso_provider_error',
  'sso_state_invalid',
  'sso_code_invalid',
  'sso_token_invalid',
  'sso_email_unverified',
  'sso_no_organization',
  'sso_domain_claimed_elsewhere',
  'sso_user_not_found',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export class SsoSignInError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SsoSignInError';
  }
}

/** What the browser keeps between the redirect to the provider and the callback (signed, HttpOnly). */
export interface SsoFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}
