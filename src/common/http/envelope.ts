import { API_VERSION, SERVER_VERSION } from './versions';

export interface Pagination {
  total_count: number;
  limit: number;
  offset: number;
  has_more: boolean;
  [extra: string]: unknown;
}

export interface Meta {
  api_version: number;
  server_version: string;
  request_id: string;
  pagination?: Pagination;
}

/** A page of a list; the envelope puts items in data and the pagination in meta. */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly pagination: Pagination,
  ) {}
}

export function meta(requestId: string, pagination?: Pagination): Meta {
  return {
    api_version: API_VERSION,
    server_version: SERVER_VERSION,
    request_id: requestId,
    ...(pagination && { pagination }),
  };
}

/**
 * The success envelope as text around data written elsewhere (JSON that PostgreSQL made, or a stream):
 * `successHead + data + successTail(...)` is what successBody's value serializes to.
 */
export const successHead = '{"success":true,"data":';
export const successTail = (requestId: string, pagination?: Pagination) =>
  `,"meta":${JSON.stringify(meta(requestId, pagination))}}`;

export function successBody(requestId: string, result: unknown) {
  if (result instanceof Page) return { success: true, data: result.items, meta: meta(requestId, result.pagination) };
  return { success: true, data: result ?? {}, meta: meta(requestId) };
}

export interface ErrorBody {
  success: false;
  error: string;
  code: string;
  params: Record<string, unknown>;
  meta: Meta;
}
