import { randomInt } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** Who calls: a session cookie or an API key, from a loopback address of its own (its own rate buckets). */
export interface Caller {
  cookie?: string;
  bearer?: string;
  from: string;
}

export interface WireReply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  headers: IncomingHttpHeaders;
}

/**
 * A loopback source address no other caller of this run uses: anonymous and auth-route buckets are kept
 * per client address, and the Redis may be shared with other test files calling from 127.0.0.1.
 */
export const freshAddress = (): string => `127.${randomInt(100, 200)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export const anonymous = (): Caller => ({ from: freshAddress() });

/** One request over a new TCP connection; rejects with the socket error (ECONNREFUSED, ECONNRESET) if any. */
export function send(port: number, caller: Caller, method: string, path: string, body?: unknown): Promise<WireReply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (caller.cookie) headers.cookie = `session_id=${caller.cookie}`;
  if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, localAddress: caller.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
          resolve({ status: res.statusCode ?? 0, body: json ? JSON.parse(text) : text, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The data of a success envelope with the expected status; anything else throws with what came back. */
export function dataOf(reply: WireReply, status = 200) {
  if (reply.status !== status || reply.body?.success !== true)
    throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** The session id a register or login answer set. */
export function sessionOf(reply: WireReply): string {
  const cookie = (reply.headers['set-cookie'] ?? []).map((c) => /^session_id=([^;]+)/.exec(c)).find(Boolean);
  if (!cookie) throw new Error(`no session cookie (${reply.status}): ${JSON.stringify(reply.body)}`);
  return cookie[1];
}
