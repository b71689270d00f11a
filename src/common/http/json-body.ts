import type { FastifyInstance } from 'fastify';
import { invalidField } from '../errors/app-error';

/** How deep a JSON body may nest objects and arrays (docs/api-conventions.md "Limits"). */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects/arrays deeper than `max`: one pass over the bytes, skipping strings,
 * before anything parses or transforms it (class-transformer recurses and would overflow its stack).
 */
export function jsonDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** An AppError that fastify's parser hook also reports as 400 (it reads `statusCode`). */
const badBody = (rule: string, message: string) =>
  Object.assign(invalidField('body', rule, message), { statusCode: 400 });

/**
 * fastify's JSON parser, except that:
 * - a DELETE may say `Content-Type: application/json` and send nothing (many clients set the header on
 *   every call); any other empty JSON body is still refused;
 * - the body is read as bytes and decoded strictly, so invalid UTF-8 is 400 "body is not valid UTF-8 JSON"
 *   (read as a string, fastify would count characters against Content-Length and report a size mismatch);
 * - a body nesting deeper than MAX_JSON_DEPTH is 400 before it is parsed.
 */
export function parseJsonBodies(fastify: FastifyInstance): void {
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0 && request.method === 'DELETE') return done(null, undefined);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return done(badBody('utf8', 'body is not valid UTF-8 JSON'), undefined);
    }
    if (jsonDeeperThan(bytes, MAX_JSON_DEPTH))
      return done(
        badBody('maxDepth', `body must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
    void json(request, text, done);
  });
}
