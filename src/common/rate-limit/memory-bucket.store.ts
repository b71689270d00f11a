import type { BucketStore } from './bucket-store';
import { type Bucket, type BucketRule, take } from './token-bucket';

/** Buckets in a Map bounded in size: the least recently used go first (they are the fullest anyway). */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxBuckets = 100_000) {}

  open() {
    return Promise.resolve();
  }

  take(key: string, rule: BucketRule, now: number) {
    const { result, bucket } = take(this.buckets.get(key), rule, now);
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value!);
    return Promise.resolve(result);
  }

  close() {
    return Promise.resolve();
  }
}
