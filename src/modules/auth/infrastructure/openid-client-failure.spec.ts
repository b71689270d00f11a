import type { IncomingMessage } from 'node:http';
import { errors } from 'openid-client';
import { SsoSignInError } from '../domain/sso-sign-in';
import { signInFailure } from './openid-client-failure';

const answered = (statusCode: number) => ({ statusCode }) as IncomingMessage;
const codeOf = (error: unknown) => (error instanceof SsoSignInError ? error.code : error);
const systemError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

// The cases test/auth/oidc-failures.e2e-spec.ts cannot bring about with a provider on loopback.
describe('signInFailure', () => {
  it('blames the provider for a 5xx, temporarily_unavailable, a timeout or a connection that failed', () => {
    for (const error of [
      new errors.OPError({ error: 'server_error' }, answered(500)),
      new errors.OPError({ error: 'expected 200 OK, got: 502 Bad Gateway' }, answered(502)),
      new errors.OPError({ error: 'temporarily_unavailable' }, answered(400)),
      new errors.RPError('outgoing request timed out after 3500ms'),
      systemError('ECONNRESET'),
      systemError('ENOTFOUND'),
    ]) {
      expect(codeOf(signInFailure(error))).toBe('sso_provider_unavailable');
    }
  });

  it('tells a refused code from a token that did not verify', () => {
    expect(codeOf(signInFailure(new errors.OPError({ error: 'invalid_grant' }, answered(400))))).toBe(
      'sso_code_invalid',
    );
    expect(codeOf(signInFailure(new errors.RPError('unexpected JWT alg received')))).toBe('sso_token_invalid');
  });

  it('leaves any other error as it is: a bug, for the error filter', () => {
    const bug = new TypeError('x is undefined');
    expect(signInFailure(bug)).toBe(bug);
    expect(signInFailure(systemError('ENOENT'))).not.toBeInstanceOf(SsoSignInError);
  });
});
