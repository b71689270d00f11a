import type { ThrottlerStorage } from '@nestjs/throttler';
import type { BackoffRule } from './backoff';
import type { BucketStore } from './bucket-store';
import type { BucketRule, TakeResult } from './token-bucket';

/**
 * The throttler's storage extension point, holding token buckets and lockouts. `increment` (the
 * fixed-window interface) is not used: RateLimitGuard takes tokens directly.
 */
export class BucketStorage implements ThrottlerStorage {
  constructor(
    private readonly store: BucketStore,
    readonly clock: () => number,
  ) {}

  take(key: string, rule: BucketRule, failClosed = false): Promise<TakeResult> {
    return this.store.take(key, rule, this.clock(), failClosed);
  }

  lockedUntil(key: string): Promise<number> {
    return this.store.lockedUntil(key, this.clock());
  }

  fail(key: string, rule: BackoffRule): Promise<number> {
    return this.store.fail(key, rule, this.clock());
  }

  clear(key: string): Promise<void> {
    return this.store.clear(key);
  }

  increment(): never {
    throw new Error('BucketStorage keeps token buckets; use take()');
  }

  open(warn: (message: string) => void): Promise<void> {
    return this.store.open(warn);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
