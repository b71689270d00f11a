import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's defaults, but HSTS and upgrade-insecure-requests only when the app is served over HTTPS
 * (COOKIE_SECURE=true): on a plain-HTTP LAN address they would send the browser to an https:// that
 * does not answer. Graph layouts run in blob: workers; exported images are data: and blob: URLs.
 */
export function securityHeaders(servedOverHttps: boolean): FastifyHelmetOptions {
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
