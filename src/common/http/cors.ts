import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';

/**
 * CORS, closed unless CORS_ORIGINS names origins: only an exact listed origin gets
 * Access-Control-Allow-Origin (itself, never `*`) and Allow-Credentials; any other origin gets no CORS
 * header at all, so browsers keep their same-origin rule. Preflights from listed origins are answered 204.
 */
export function registerCors(fastify: FastifyInstance, origins: string[]): void {
  const allowed = new Set(origins);
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return;
    void reply.header('Access-Control-Allow-Origin', origin);
    void reply.header('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      void reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      void reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      void reply.header('Access-Control-Max-Age', '600');
      await reply.code(204).send();
      return reply;
    }
    void reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  });
}
