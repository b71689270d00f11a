import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { Page, type Pagination } from './envelope';
import { IntInRange } from './validation';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

/**
 * A whole number from the query string, digits only: `Number()` would also take `0x10`, `1e3` and ` 5`,
 * which stay strings and fail. An empty value (`limit=`) counts as absent.
 */
const NumberOr = (fallback: number) =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '' || value === undefined) return fallback;
    return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  });

/** limit 0..1000 (0 = no limit, default 50) and offset >= 0, as the spec's "Limits" set them. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: '0 means no limit' })
  @IsOptional()
  @NumberOr(DEFAULT_LIMIT)
  @IntInRange(0, MAX_LIMIT)
  limit: number = DEFAULT_LIMIT;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @NumberOr(0)
  @IntInRange(0, 2_147_483_647)
  offset: number = 0;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/** SQL LIMIT parameter: null (no limit) for 0. */
export const sqlLimit = (page: PageRequest): number | null => (page.limit === 0 ? null : page.limit);

/** `extra` joins the pagination (GET /hosts adds group_counts). */
export function toPage<T>(items: T[], total: number, page: PageRequest, extra: Record<string, unknown> = {}): Page<T> {
  return new Page(items, pagination(items.length, total, page, extra));
}

/** The pagination of `count` items read from `page` of `total` (for a streamed list, known after its items). */
export function pagination(
  count: number,
  total: number,
  page: PageRequest,
  extra: Record<string, unknown> = {},
): Pagination {
  return {
    total_count: total,
    limit: page.limit,
    offset: page.offset,
    has_more: page.offset + count < total,
    ...extra,
  };
}
