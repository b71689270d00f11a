/** A bucket: `tokens` (fractional) as of `at` (ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

export interface BucketRule {
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Tokens left after this request (fractional). */
  tokens: number;
}

/** Refills for the time since `bucket.at`, then takes one token if there is one. A missing bucket is full. */
export function take(
  bucket: Bucket | undefined,
  rule: BucketRule,
  now: number,
): { result: TakeResult; bucket: Bucket } {
  const elapsed = bucket ? Math.max(0, now - bucket.at) : 0;
  const available = bucket ? Math.min(rule.capacity, bucket.tokens + elapsed * rule.refillPerMs) : rule.capacity;
  const allowed = available >= 1;
  const tokens = allowed ? available - 1 : available;
  return { result: { allowed, tokens }, bucket: { tokens, at: now } };
}

/** Whole seconds until the bucket is full again. */
export const secondsUntilFull = (tokens: number, rule: BucketRule): number =>
  Math.ceil((rule.capacity - tokens) / rule.refillPerMs / 1000);

/** Whole seconds until one token is there (at least 1 when there is none). */
export const secondsUntilToken = (tokens: number, rule: BucketRule): number =>
  Math.max(1, Math.ceil((1 - tokens) / rule.refillPerMs / 1000));
