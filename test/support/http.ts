import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { responseSchemasOf } from './response-schemas';
import { recordExchange } from './secret-scan';

/** How a test caller authenticates: a session cookie, an API key, or nothing. */
export interface Credentials {
  cookie?: string;
  bearer?: string;
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject() with the caller's credentials and JSON bodies: `as(owner).post('/api/v1/networks', {...})`. */
export class HttpClient {
  constructor(
    private readonly app: NestFastifyApplication,
    private readonly credentials: Credentials = {},
  ) {}

  as(credentials: Credentials = {}): HttpClient {
    return new HttpClient(this.app, credentials);
  }

  get = (url: string, headers?: Record<string, string>) => this.send('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.send('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.send('PUT', url, body ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.send('DELETE', url, undefined, headers);

  async send(method: Method, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.credentials.cookie) headers.cookie = `session_id=${this.credentials.cookie}`;
    if (this.credentials.bearer) headers.authorization = `Bearer ${this.credentials.bearer}`;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const received: unknown = isJson ? res.json() : res.body;
    recordExchange(method, url, body, res.statusCode, res.headers, received);
    if (isJson) (await responseSchemasOf(this.app)).check(method, url, res.statusCode, received);
    return { status: res.statusCode, body: received, headers: res.headers };
  }
}

/** The session id a login or register answer set, read from its Set-Cookie header. */
export function sessionCookieOf(reply: Reply): string {
  const setCookie = ([] as string[]).concat((reply.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const match = setCookie.map((c) => /^session_id=([^;]+)/.exec(c)).find(Boolean);
  if (!match) throw new Error(`no session cookie in ${JSON.stringify(reply.headers)}`);
  return match[1];
}

/** Asserts a failure in the contract's envelope; returns the body for further checks. */
export function expectError(reply: Reply, status: number, code: string) {
  expect({ status: reply.status, code: reply.body?.code, success: reply.body?.success }).toEqual({
    status,
    code,
    success: false,
  });
  return reply.body;
}

export function expectOk(reply: Reply, status = 200) {
  if (reply.status !== status)
    throw new Error(`expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  expect(reply.body.success).toBe(true);
  return reply.body.data;
}
