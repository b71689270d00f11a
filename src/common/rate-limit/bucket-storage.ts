import type { ThrottlerStorage } from '@nestjs/throttler';
import type { BucketStore } from './bucket-store';
import type { BucketRule, TakeResult } from './token-bucket';

/**
 * The throttler's storage extension point, holding token buckets. `increment` (the fixed-window
 * interface) is not used: RateLimitGuard takes tokens directly.
 */
export class BucketStorage implements ThrottlerStorage {
  constructor(
    private readonly store: BucketStore,
    private readonly clock: () => number,
  ) {}

  take(key: string, rule: BucketRule): Promise<TakeResult> {
    return this.store.take(key, rule, this.clock());
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
