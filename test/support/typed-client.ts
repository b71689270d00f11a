import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import createClient from 'openapi-fetch';
import type { paths } from '../../client/schema';
import { recordExchange } from './secret-scan';

/**
 * The typed client integrators generate from client/openapi.json (openapi-fetch), talking to the test app
 * through app.inject instead of a socket. Cookies set by the API are kept, as a browser keeps them.
 */
export function typedClient(app: NestFastifyApplication, headers: Record<string, string> = {}) {
  let cookie = '';
  const fetch = async (request: Request): Promise<Response> => {
    const body = request.body ? await request.text() : undefined;
    const url = new URL(request.url);
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(request.headers), ...(cookie && { cookie }) },
      ...(body !== undefined && { payload: body }),
    });
    recordExchange(
      request.method,
      url.pathname,
      safeJson(body),
      res.statusCode,
      res.headers,
      safeJson(res.body) ?? res.body,
    );
    const set = /session_id=[^;]+/.exec(String(res.headers['set-cookie'] ?? ''));
    if (set) cookie = set[0];
    const responseHeaders = Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]));
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: responseHeaders });
  };
  return createClient<paths>({ baseUrl: 'http://netatlas.test', fetch, headers });
}

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
