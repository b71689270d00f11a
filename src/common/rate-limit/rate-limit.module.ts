import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { BucketStorage } from './bucket-storage';
import { AttemptBackoff } from './attempt-backoff';
import { CallerLimit } from './caller-limit';
import { MemoryBucketStore } from './memory-bucket.store';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitMetrics } from './rate-limit-metrics';
import { RedisBucketStore } from './redis-bucket.store';

/** Connects the storage before the app serves, reports outages in the app's log, closes it at shutdown. */
@Injectable()
class BucketStorageLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(BucketStorage) private readonly storage: BucketStorage,
    private readonly logger: Logger,
  ) {}

  onModuleInit(): Promise<void> {
    return this.storage.open((message) => this.logger.warn(message, 'RateLimit'));
  }

  onApplicationShutdown(): Promise<void> {
    return this.storage.close();
  }
}

/** Rate limits on @nestjs/throttler's extension points; Redis-backed when REDIS_URL is set. */
@Module({})
export class RateLimitModule {
  static forRoot(config: AppConfig, clock: () => number = Date.now): DynamicModule {
    const storage = new BucketStorage(
      config.redisUrl ? new RedisBucketStore(config.redisUrl) : new MemoryBucketStore(),
      clock,
    );
    return {
      module: RateLimitModule,
      imports: [
        ThrottlerModule.forRoot({
          // Names only: the buckets themselves are in rate-limit.guard.ts.
          throttlers: [
            { name: 'caller', ttl: 30_000, limit: 150 },
            { name: 'strict', ttl: 60_000, limit: 10 },
          ],
          storage,
        }),
      ],
      providers: [
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: BucketStorage, useValue: storage },
        BucketStorageLifecycle,
        CallerLimit,
        AttemptBackoff,
        RateLimitMetrics,
      ],
      exports: [CallerLimit, AttemptBackoff],
    };
  }
}
