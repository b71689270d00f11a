import { faviconHash } from '../../domain/favicon-hash';
import { httpFileBody, httpFileComplete } from '../../domain/http-answer';
import { connectTo, type ProbeTarget } from './connect';
import { httpGet } from './conversation';
import { SocketReader } from './socket-reader';

/** An icon and its head fit; a longer answer is not hashed (the hash of a part names nothing). */
export const FAVICON_READ_LIMIT = 131_072;

/**
 * Asks `GET /favicon.ico` on a new connection (inside TLS when the port spoke TLS), as GET / was asked, and
 * reads the answer for at most replyMs. The icon's hash (favicon-hash.ts), or undefined when no icon came.
 */
export async function askFavicon(target: ProbeTarget, tls: boolean, replyMs: number): Promise<number | undefined> {
  const socket = (await connectTo(target, tls))?.socket;
  if (!socket) return undefined;
  try {
    const reader = new SocketReader(socket, FAVICON_READ_LIMIT);
    socket.write(httpGet('/favicon.ico', target.address));
    const answer = await reader.take(httpFileComplete, replyMs);
    // Without a Content-Length only the server's close says the icon is whole.
    const whole = answer.length < FAVICON_READ_LIMIT && (reader.closed || httpFileComplete(answer));
    const icon = whole ? httpFileBody(answer) : undefined;
    return icon && faviconHash(icon);
  } finally {
    socket.destroy();
  }
}
