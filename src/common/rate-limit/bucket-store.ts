import type { BucketRule, TakeResult } from './token-bucket';

/** Where buckets live: process memory, or Redis so that every instance shares one budget. */
export interface BucketStore {
  /** Ready to serve; outages are reported through `warn`. */
  open(warn: (message: string) => void): Promise<void>;
  take(key: string, rule: BucketRule, now: number): Promise<TakeResult>;
  close(): Promise<void>;
}
