import { type BackoffRule, type BackoffState, fail } from './backoff';
import type { BucketStore } from './bucket-store';
import { type Bucket, type BucketRule, take } from './token-bucket';

/** A Map bounded in size: the least recently used entries go first (they are the fullest buckets anyway). */
class BoundedMap<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** Buckets and lockouts in process memory (one instance, or the fallback while Redis is away). */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets: BoundedMap<Bucket>;
  private readonly backoffs: BoundedMap<BackoffState>;

  constructor(maxEntries = 100_000) {
    this.buckets = new BoundedMap(maxEntries);
    this.backoffs = new BoundedMap(maxEntries);
  }

  open() {
    return Promise.resolve();
  }

  take(key: string, rule: BucketRule, now: number) {
    const { result, bucket } = take(this.buckets.get(key), rule, now);
    this.buckets.set(key, bucket);
    return Promise.resolve(result);
  }

  lockedUntil(key: string, now: number) {
    const lockedUntil = this.backoffs.get(key)?.lockedUntil ?? 0;
    return Promise.resolve(lockedUntil > now ? lockedUntil : 0);
  }

  fail(key: string, rule: BackoffRule, now: number) {
    const state = fail(this.backoffs.get(key), rule, now);
    this.backoffs.set(key, state);
    return Promise.resolve(state.lockedUntil);
  }

  clear(key: string) {
    this.backoffs.delete(key);
    return Promise.resolve();
  }

  close() {
    return Promise.resolve();
  }
}
