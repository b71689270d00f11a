import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SsoFlow } from '../domain/sso-sign-in';

const COOKIE = 'oidc_flow';
const PATH = '/api/auth/oidc';
/** Long enough to sign in at the provider, short enough that a stale flow is of no use. */
const MAX_AGE_S = 600;

/** The MAC key comes from the client secret: no further setting, and nobody without it can forge a flow. */
const macKey = (clientSecret: string) =>
  Buffer.from(hkdfSync('sha256', clientSecret, '', 'netatlas oidc flow cookie', 32));

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function setSsoFlowCookie(reply: FastifyReply, flow: SsoFlow, clientSecret: string, secure: boolean): void {
  const payload = Buffer.from(JSON.stringify({ ...flow, exp: Date.now() + MAX_AGE_S * 1000 })).toString('base64url');
  void reply.setCookie(COOKIE, `${payload}.${mac(macKey(clientSecret), payload)}`, {
    httpOnly: true,
    sameSite: 'lax', // sent on the provider's top-level redirect back to the callback
    path: PATH,
    secure,
    maxAge: MAX_AGE_S,
  });
}

/** The flow this browser started, or undefined when the cookie is missing, forged or expired. */
export function readSsoFlowCookie(request: FastifyRequest, clientSecret: string): SsoFlow | undefined {
  const [payload, signature] = (request.cookies[COOKIE] ?? '').split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(mac(macKey(clientSecret), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SsoFlow & { exp: number };
  if (flow.exp < Date.now()) return undefined;
  return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, redirectUri: flow.redirectUri };
}

export function clearSsoFlowCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', path: PATH, secure });
}
