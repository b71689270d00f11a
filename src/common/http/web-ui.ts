import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** web/dist of the project this file belongs to (dist/src/common/http or src/common/http under it). */
export function builtWebUiRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

/**
 * Serves the built web UI at / : its files as they are (hashed assets cached for good), and index.html
 * for every other GET outside /api so the UI's own routes load on a reload or a shared link. /api keeps
 * its envelope 404s. Nothing is served when the UI was not built (API-only test runs).
 */
export async function serveWebUi(fastify: FastifyInstance, root = builtWebUiRoot()): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) return;
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      const hashed = path.startsWith(join(root, 'assets'));
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  fastify.get('/*', (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
