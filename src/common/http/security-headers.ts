import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's defaults, but HSTS and upgrade-insecure-requests only when the app is served over HTTPS
 * (COOKIE_SECURE=true): on a plain-HTTP LAN address they would send the browser to an https:// that
 * does not answer. Graph layouts run in blob: workers; exported images are data: and blob: URLs.
 */
function securityHeaders(servedOverHttps: boolean): HelmetOptions {
  return {
    hsts: servedOverHttps,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: servedOverHttps ? [] : null,
      },
    },
  };
}

/**
 * An onRequest hook setting those headers on the raw response, through helmet's middleware built once
 * (@fastify/helmet builds it again, directives parsed, for every request).
 */
export function applySecurityHeaders(servedOverHttps: boolean) {
  const apply = helmet(securityHeaders(servedOverHttps));
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) =>
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
}
