import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import autocannon from 'autocannon';
import { createApp } from '../src/app.factory';
import { Public } from '../src/common/auth/access.decorator';
import { loadConfig } from '../src/common/config/app-config';
import { withScratchDatabase } from './scratch-database';

/**
 * Two routes doing the same nothing. Every response takes a token; the second skips the guard, so its
 * token is taken by the onSend hook instead: the ratio is the cost of limiting in the guard.
 */
@Controller('bench')
@Public()
class BenchController {
  @Get('limited')
  limited() {
    return {};
  }

  @Get('unlimited')
  @SkipThrottle({ caller: true, strict: true })
  unlimited() {
    return {};
  }
}

@Module({ controllers: [BenchController] })
class BenchModule {}

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

/** One caller's bucket refills between requests because this app's clock runs fast: nothing is refused, only the limiter's work is measured. */
async function run(url: string, duration = DURATION_S): Promise<{ mean: number; rps: number }> {
  const result = await autocannon({ url, connections: 10, duration });
  return { mean: result.latency.average, rps: result.requests.average };
}

async function main(): Promise<void> {
  await withScratchDatabase(async (dataSource, url) => {
    console.log(
      `rate limiter bench: autocannon, 10 connections, ${DURATION_S} s per run; the same empty route with and without the limiter`,
    );
    for (const redisUrl of [undefined, process.env.REDIS_URL ?? 'redis://127.0.0.1:6379']) {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        ...(redisUrl && { REDIS_URL: redisUrl }),
      });
      const app = await createApp({ config, dataSource, imports: [BenchModule], clock: () => Date.now() * 1_000_000 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = await app.getUrl();
      await run(`${base}/bench/limited`, 1); // warm up
      const off = await run(`${base}/bench/unlimited`);
      const on = await run(`${base}/bench/limited`);
      const mode = redisUrl ? 'Redis' : 'memory';
      console.log(
        `${mode.padEnd(7)} limited ${on.mean.toFixed(2)} ms mean, ${on.rps.toFixed(0)} req/s | unlimited ${off.mean.toFixed(2)} ms, ${off.rps.toFixed(0)} req/s | latency ratio x${(on.mean / off.mean).toFixed(2)}`,
      );
      await app.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
