import { Inject, Injectable } from '@nestjs/common';
import { type BaseClient, generators, Issuer } from 'openid-client';
import type { AppConfig, OidcConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import type { OidcProvider } from '../domain/oidc-provider.port';
import { type SsoFlow, SsoSignInError } from '../domain/sso-sign-in';
import { signInFailure } from './openid-client-failure';

/** The provider's side of the authorization code flow with PKCE, through openid-client. */
@Injectable()
export class OidcClient implements OidcProvider {
  private readonly oidc: OidcConfig | undefined;
  private discovered: Promise<BaseClient> | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.oidc = config.oidc;
  }

  get configured(): boolean {
    return this.oidc !== undefined;
  }

  async authorizationUrl(redirectUri: string): Promise<{ url: string; flow: SsoFlow }> {
    const client = await this.client();
    const flow = {
      state: generators.state(),
      nonce: generators.nonce(),
      codeVerifier: generators.codeVerifier(),
      redirectUri,
    };
    const url = client.authorizationUrl({
      redirect_uri: redirectUri,
      scope: this.oidc!.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: generators.codeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  async signIn(callbackUrl: URL, flow: SsoFlow): Promise<Record<string, unknown>> {
    const client = await this.client();
    const params = client.callbackParams(callbackUrl.pathname + callbackUrl.search);
    if (params.error) throw new SsoSignInError('sso_provider_error', `The provider answered ${params.error}`);
    try {
      const tokens = await client.callback(flow.redirectUri, params, {
        state: flow.state,
        nonce: flow.nonce,
        code_verifier: flow.codeVerifier,
        response_type: 'code',
      });
      return { ...tokens.claims() };
    } catch (error) {
      throw signInFailure(error);
    }
  }

  /** Discovery runs at the first sign-in (the provider need not be up when the app starts), then is kept. */
  private client(): Promise<BaseClient> {
    if (!this.oidc) throw new SsoSignInError('sso_not_configured', 'Single sign-on is not configured');
    const { issuer, clientId, clientSecret } = this.oidc;
    this.discovered ??= Issuer.discover(issuer).then(
      (provider) =>
        new provider.Client({
          client_id: clientId,
          client_secret: clientSecret,
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        }),
      (error: unknown) => {
        this.discovered = undefined;
        throw new SsoSignInError('sso_provider_unavailable', `Discovery at ${issuer} failed: ${String(error)}`);
      },
    );
    return this.discovered;
  }
}
