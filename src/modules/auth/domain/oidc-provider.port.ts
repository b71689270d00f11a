import type { SsoFlow } from './sso-sign-in';

/** The instance's OpenID provider, as single sign-on needs it (openid-client behind it). */
export interface OidcProvider {
  /** OIDC_ISSUER and its client are set. */
  readonly configured: boolean;
  /** Where to send the browser, and the flow to keep until the callback. */
  authorizationUrl(redirectUri: string): Promise<{ url: string; flow: SsoFlow }>;
  /** Exchanges the code and returns the verified ID token's claims (state, nonce, PKCE and signature checked). */
  signIn(callbackUrl: URL, flow: SsoFlow): Promise<Record<string, unknown>>;
}

export const OIDC_PROVIDER = Symbol('OIDC_PROVIDER');
