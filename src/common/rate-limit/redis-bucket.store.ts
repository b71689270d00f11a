import Redis from 'ioredis';
import type { BucketStore } from './bucket-store';
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

const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Buckets in Redis. If Redis cannot be reached, requests are let through (fail open) and the outage is
 * logged at most once a minute; limiting resumes by itself when Redis is back.
 */
export class RedisBucketStore implements BucketStore {
  private readonly redis: Redis;
  private lastOutageLog = 0;
  private warn: (message: string) => void = () => undefined;

  constructor(url: string) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE });
    this.redis.on('error', () => undefined); // reported per request below, at most once a minute
  }

  /** Connects before the first request when Redis is up; otherwise it keeps trying in the background. */
  async open(warn: (message: string) => void): Promise<void> {
    this.warn = warn;
    await this.redis.connect().catch((error: Error) => this.outage(error));
  }

  async take(key: string, rule: BucketRule, now: number): Promise<TakeResult> {
    try {
      const [allowed, tokens] = (await (
        this.redis as Redis & { takeToken: (...args: unknown[]) => Promise<[number, string]> }
      ).takeToken(`netatlas:rl:${key}`, rule.capacity, rule.refillPerMs, now)) as [number, string];
      return { allowed: allowed === 1, tokens: Number(tokens) };
    } catch (error) {
      this.outage(error as Error);
      return { allowed: true, tokens: rule.capacity - 1 };
    }
  }

  private outage(error: Error): void {
    if (Date.now() - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = Date.now();
    this.warn(`Redis unreachable, requests are not rate limited: ${error.message}`);
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
