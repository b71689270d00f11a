import type { BackoffRule } from './backoff';
import type { BucketRule, TakeResult } from './token-bucket';

/** Where buckets live: process memory, or Redis so that every instance shares one budget. */
export interface BucketStore {
  /** Ready to serve; outages are reported through `warn`. */
  open(warn: (message: string) => void): Promise<void>;
  /**
   * Takes a token. `failClosed`: when the shared store cannot be reached, count in this process instead
   * of letting the request through (the auth routes' buckets).
   */
  take(key: string, rule: BucketRule, now: number, failClosed?: boolean): Promise<TakeResult>;
  /** The clock time before which `key` is locked out (0: not locked). */
  lockedUntil(key: string, now: number): Promise<number>;
  /** Counts a failure for `key`; returns the lockout it now has. */
  fail(key: string, rule: BackoffRule, now: number): Promise<number>;
  /** Forgets the failures of `key` (a success). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
