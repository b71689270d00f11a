import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * web/dist of the project this file belongs to, from src/common/http or dist/src/common/http (dist/ holds
 * a package.json of its own, so the project is the nearest folder with web/ in it).
 */
export function builtWebUiRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'web')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

/**
 * Who else may show a UI page in a frame: CSP host-source expressions (`wiki.example.com:*`) for a path,
 * beside the app itself; none (or undefined) keeps helmet's `frame-ancestors 'self'` and
 * `X-Frame-Options: SAMEORIGIN`. A module registers one for its own pages (the sharing module for
 * /share/{id}), so this common file imports no module.
 */
export type FrameAncestorsProvider = (path: string) => Promise<readonly string[] | undefined>;

const frameAncestorProviders = new WeakMap<FastifyInstance, FrameAncestorsProvider[]>();

function providersOf(fastify: FastifyInstance): FrameAncestorsProvider[] {
  let providers = frameAncestorProviders.get(fastify);
  if (!providers) frameAncestorProviders.set(fastify, (providers = []));
  return providers;
}

/** Registers a provider; order with serveWebUi does not matter (they are asked per request). */
export function allowFraming(fastify: FastifyInstance, provider: FrameAncestorsProvider): void {
  providersOf(fastify).push(provider);
}

/** Only plain host-sources: nothing that could end the directive or add keywords and schemes. */
const HOST_SOURCE = /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

/** The CSP with its frame-ancestors directive replaced (or added). */
export function withFrameAncestors(csp: string, sources: readonly string[]): string {
  const directive = `frame-ancestors ${sources.join(' ')}`;
  const kept = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors(\s|$)/i.test(d));
  return [...kept, directive].join(';');
}

async function framersOf(providers: FrameAncestorsProvider[], path: string): Promise<string[]> {
  const sources: string[] = [];
  for (const provider of providers) {
    try {
      sources.push(...((await provider(path)) ?? []));
    } catch {
      // A failed lookup keeps the page unframeable rather than failing the page.
    }
  }
  return [...new Set(sources.filter((s) => HOST_SOURCE.test(s)))];
}

/**
 * Helmet set its headers on the raw response in onRequest: widen frame-ancestors and drop
 * X-Frame-Options, which cannot list origins (browsers that know CSP ignore it anyway when
 * frame-ancestors is present; the rest would block every listed site).
 */
function allowFramers(reply: FastifyReply, sources: string[]): void {
  if (sources.length === 0) return;
  const csp = reply.raw.getHeader('content-security-policy');
  reply.raw.setHeader(
    'content-security-policy',
    withFrameAncestors(typeof csp === 'string' ? csp : "default-src 'self'", ["'self'", ...sources]),
  );
  reply.raw.removeHeader('x-frame-options');
}

/**
 * Serves the built web UI at / : its files as they are (hashed assets cached for good), and index.html
 * for every other GET outside /api so the UI's own routes load on a reload or a shared link. /api keeps
 * its envelope 404s. Nothing is served when the UI was not built (API-only test runs).
 */
export async function serveWebUi(fastify: FastifyInstance, root = builtWebUiRoot()): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) return;
  const providers = providersOf(fastify);
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      const hashed = path.startsWith(join(root, 'assets'));
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  fastify.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    if (providers.length > 0) allowFramers(reply, await framersOf(providers, request.url.split('?')[0]));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
