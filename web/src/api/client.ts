import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../client/schema';
import { ApiError, apiErrorOf } from './errors';

/** Every call the UI makes goes through this client, typed by the API's OpenAPI document. */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });

type SessionListener = () => void;
const sessionExpiredListeners = new Set<SessionListener>();

/** Called when the API answers 401 to a signed-in page: the app returns to sign-in with a message. */
export function onSessionExpired(listener: SessionListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

const reportExpiredSessions: Middleware = {
  onResponse({ response, request }) {
    const path = new URL(request.url).pathname;
    if (response.status === 401 && !path.startsWith('/api/auth/')) sessionExpiredListeners.forEach((l) => l());
    return response;
  },
};
api.use(reportExpiredSessions);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The envelope's data, or an ApiError carrying its code, message, params and Retry-After. */
export async function unwrap<T extends { data: unknown }>(call: Promise<Answer<T>>): Promise<T['data']> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw apiErrorOf(error, response);
  return data.data;
}

/** Like unwrap, for lists: the items and the pagination. */
export async function unwrapPage<T extends { data: unknown; meta: { pagination?: unknown } }>(
  call: Promise<Answer<T>>,
): Promise<{ items: T['data']; pagination: NonNullable<T['meta']['pagination']> }> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw apiErrorOf(error, response);
  return { items: data.data, pagination: data.meta.pagination as NonNullable<T['meta']['pagination']> };
}

export { ApiError };
