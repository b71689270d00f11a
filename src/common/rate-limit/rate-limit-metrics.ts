import { Injectable } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';

/** caller: the per-user or per-address budget; strict: a sensitive route's own budget; backoff: a lockout. */
export const LIMIT_KINDS = ['caller', 'strict', 'backoff'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Requests answered 429, by the limit that refused them. */
@Injectable()
export class RateLimitMetrics {
  private readonly refused;

  constructor(metrics: Metrics) {
    this.refused = metrics.counter({
      name: 'netatlas_rate_limited_requests_total',
      help: 'Requests refused with 429, by the limit that refused them (caller, strict, backoff)',
      labelNames: ['limit'] as const,
    });
    // Every kind shows from the start, at 0, so rate() and alerts see it before its first refusal.
    for (const limit of LIMIT_KINDS) this.refused.inc({ limit }, 0);
  }

  refusedBy(limit: LimitKind): void {
    this.refused.inc({ limit });
  }
}
