import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Fastify's genReqId: echo a caller's X-Request-Id when it is a uuid, else make one. Stored on the raw
 * request too, where pino-http looks for it, so the logs and the response carry the same id.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  const id = typeof incoming === 'string' && UUID.test(incoming) ? incoming.toLowerCase() : randomUUID();
  (raw as IncomingMessage & { id?: string }).id = id;
  return id;
}
