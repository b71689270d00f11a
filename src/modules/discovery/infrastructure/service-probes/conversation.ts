import type { Duplex } from 'node:stream';
import { httpAnswerComplete, httpFields } from '../../domain/http-answer';
import type { ProbeAnswer } from '../../domain/service-signatures';
import { SocketReader } from './socket-reader';

/**
 * How long an open port may stay silent before it is asked as HTTP. Server-first services greet at once,
 * and a greeting that comes later still arrives before any answer to the question.
 */
export const BANNER_WAIT_MS = 100;

/** A greeting is complete at its first line end; one without (binary, like MySQL's) is read for the rest of the wait. */
const greetingComplete = (received: Buffer) => received.includes(0x0a);

/** An HTTP/1.0 GET with a Host header (the address probed), so the server closes after its answer. */
export const httpGet = (path: string, host: string) =>
  `GET ${path} HTTP/1.0\r\nHost: ${host}\r\nUser-Agent: netatlas-discovery\r\nAccept: */*\r\n\r\n`;

/**
 * The NULL probe and GetRequest on one connection (plain or inside TLS): waits for a greeting, else asks
 * `GET /` with a Host header. Undefined when the service said nothing to either.
 */
export async function converse(socket: Duplex, host: string, replyMs: number): Promise<ProbeAnswer | undefined> {
  const reader = new SocketReader(socket);
  const greeting = await reader.take(greetingComplete, BANNER_WAIT_MS);
  if (greeting.length > 0) return { probe: 'NULL', raw: greeting.toString('latin1') };
  if (reader.closed) return undefined;
  socket.write(httpGet('/', host));
  const answer = await reader.take((received) => httpAnswerComplete(received.toString('latin1')), replyMs);
  if (answer.length === 0) return undefined;
  const fields = httpFields(answer.toString('utf8'));
  return { probe: 'GetRequest', raw: answer.toString('latin1'), ...(fields && { fields }) };
}
