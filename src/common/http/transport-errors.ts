import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody, meta } from './envelope';

/** Node's limit on the request line plus headers (also the longest URL, query included). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The longest single path parameter (ids are 36). */
export const MAX_PARAM_LENGTH = 200;

/**
 * Headers of the refusals written before the app's hooks run (helmet's are not there yet): the same
 * protections, for a body that is only ever JSON.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-store',
};

/** The fixed messages: the request's own path, query or bytes are never repeated back. */
const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path is not valid percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
  HPE_HEADER_OVERFLOW: `The request line and headers exceed ${MAX_HEADER_BYTES / 1024} KB`,
};
const MALFORMED = 'The request is not well-formed HTTP';

function errorBody(requestId: string, message: string): ErrorBody {
  return { success: false, error: message, code: 'validation_failed', params: {}, meta: meta(requestId) };
}

/** Takes the caller's token and sets X-RateLimit-*; the seconds to wait when the bucket was empty. */
export type Accounting = (request: FastifyRequest, reply: FastifyReply) => Promise<number | undefined>;

/**
 * fastify's frameworkErrors: a path that does not decode (`/hosts/%zz`) or a path parameter over
 * MAX_PARAM_LENGTH, found before routing (so before the app's hooks). Answered 400 in the envelope,
 * without echoing the path, counted against the caller's rate limit like any response (`account` is
 * bound once the app exists).
 */
export function frameworkErrorsWith(account: () => Accounting | undefined) {
  const answer = async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    void reply.headers({ ...SECURITY_HEADERS, 'X-Request-Id': request.id }).type('application/json; charset=utf-8');
    const retryAfter = await account()?.(request, reply).catch(() => undefined);
    if (retryAfter !== undefined) {
      const body: ErrorBody = {
        success: false,
        error: `Too many requests; retry in ${retryAfter} s`,
        code: 'rate_limit_exceeded',
        params: { retry_after_seconds: retryAfter },
        meta: meta(request.id),
      };
      await reply.code(429).header('Retry-After', retryAfter).send(JSON.stringify(body));
      return;
    }
    await reply.code(400).send(JSON.stringify(errorBody(request.id, MESSAGES[error.code] ?? MALFORMED)));
  };
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void =>
    void answer(error, request, reply);
}

/**
 * Node's clientError: a request line or header block that does not parse (NUL, bad bytes) or is too
 * big, answered 400 in the envelope; timeouts and resets just close the connection. After answering, the
 * rest of what the client sends is read and dropped for a moment, so that closing does not reset the
 * connection before the client has read the answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(requestId, MESSAGES[error.code ?? ''] ?? MALFORMED));
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.on('error', () => undefined);
  socket.resume();
  socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${body}`);
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * An onRequest hook: a path segment over MAX_PARAM_LENGTH is refused 400 whichever route (or none) it
 * fell to; the router alone would let it reach the web UI's catch-all or the 404 handler.
 */
export async function refuseLongPathSegments(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const path = request.url.split('?', 1)[0]!;
  if (path.length <= MAX_PARAM_LENGTH || !path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return;
  await reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(request.id, MESSAGES.FST_ERR_MAX_PARAM_LENGTH!)));
  return reply as unknown as undefined;
}
