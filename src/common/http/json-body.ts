import type { FastifyInstance } from 'fastify';

/**
 * fastify's JSON parser, except that a DELETE may say `Content-Type: application/json` and send
 * nothing (many clients set the header on every call); any other empty JSON body is still refused.
 */
export function parseJsonBodies(fastify: FastifyInstance): void {
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && request.method === 'DELETE') return done(null, undefined);
    void json(request, body as string, done);
  });
}
