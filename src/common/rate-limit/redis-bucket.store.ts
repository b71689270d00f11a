import Redis from 'ioredis';
import type { BackoffRule } from './backoff';
import type { BucketStore } from './bucket-store';
import { MemoryBucketStore } from './memory-bucket.store';
import type { BucketRule, TakeResult } from './token-bucket';

/** The token bucket of token-bucket.ts, in one atomic script: every instance on this Redis shares one budget. */
const TAKE = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil then
  tokens = capacity
else
  tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate) + 1000)
return {allowed, tostring(tokens)}
`;

/** backoff.ts's fail(), atomic: every instance sees one count of failures per account or share. */
const FAIL = `
local free = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local forget = tonumber(ARGV[4])
local now = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'failures', 'at')
local failures = tonumber(state[1])
local at = tonumber(state[2])
if failures == nil or now - at >= forget then
  failures = 1
else
  failures = failures + 1
end
local lockedUntil = 0
if failures >= free then
  lockedUntil = now + math.min(max, base * 2 ^ math.min(failures - free, 30))
end
redis.call('HSET', KEYS[1], 'failures', tostring(failures), 'at', tostring(now), 'lockedUntil', tostring(lockedUntil))
redis.call('PEXPIRE', KEYS[1], forget + max)
return tostring(lockedUntil)
`;

const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Buckets in Redis. If Redis cannot be reached, the outage is logged at most once a minute and limiting
 * resumes by itself when Redis is back; meanwhile ordinary requests are let through (fail open) while the
 * auth routes' buckets (`failClosed`) and the lockouts are kept in this process's memory.
 */
export class RedisBucketStore implements BucketStore {
  private readonly redis: Redis;
  private lastOutageLog = 0;
  private warn: (message: string) => void = () => undefined;
  private readonly fallback = new MemoryBucketStore();

  constructor(url: string) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE });
    this.redis.defineCommand('failAttempt', { numberOfKeys: 1, lua: FAIL });
    this.redis.on('error', () => undefined); // reported per request below, at most once a minute
  }

  /** Connects before the first request when Redis is up; otherwise it keeps trying in the background. */
  async open(warn: (message: string) => void): Promise<void> {
    this.warn = warn;
    await this.redis.connect().catch((error: Error) => this.outage(error));
  }

  async take(key: string, rule: BucketRule, now: number, failClosed = false): Promise<TakeResult> {
    try {
      const [allowed, tokens] = (await (
        this.redis as Redis & { takeToken: (...args: unknown[]) => Promise<[number, string]> }
      ).takeToken(`netatlas:rl:${key}`, rule.capacity, rule.refillPerMs, now)) as [number, string];
      return { allowed: allowed === 1, tokens: Number(tokens) };
    } catch (error) {
      this.outage(error as Error);
      if (failClosed) return this.fallback.take(key, rule, now);
      return { allowed: true, tokens: rule.capacity - 1 };
    }
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    try {
      const lockedUntil = Number((await this.redis.hget(`netatlas:bo:${key}`, 'lockedUntil')) ?? 0);
      return lockedUntil > now ? lockedUntil : 0;
    } catch (error) {
      this.outage(error as Error);
      return this.fallback.lockedUntil(key, now);
    }
  }

  async fail(key: string, rule: BackoffRule, now: number): Promise<number> {
    try {
      return Number(
        await (this.redis as Redis & { failAttempt: (...args: unknown[]) => Promise<string> }).failAttempt(
          `netatlas:bo:${key}`,
          rule.freeFailures,
          rule.baseMs,
          rule.maxMs,
          rule.forgetMs,
          now,
        ),
      );
    } catch (error) {
      this.outage(error as Error);
      return this.fallback.fail(key, rule, now);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.redis.del(`netatlas:bo:${key}`);
    } catch (error) {
      this.outage(error as Error);
    }
    await this.fallback.clear(key);
  }

  private outage(error: Error): void {
    if (Date.now() - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = Date.now();
    this.warn(`Redis unreachable, only auth routes are rate limited (per instance): ${error.message}`);
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
