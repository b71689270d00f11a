import { spawn } from 'node:child_process';

/** How long or how much each load measure runs, and with how many connections. */
export interface LoadOptions {
  connections: number;
  /** Seconds per measure (requests still in flight at the end are not counted); ignored when `requests` is set. */
  seconds: number;
  /** A fixed number of requests instead of a duration (the smoke test). */
  requests?: number;
}

export interface LoadResult {
  /** Requests answered per second of the run (autocannon's per-second average misses requests longer than a second). */
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  /** Answers other than 2xx, and connection errors or timeouts: a measure with any is not to be trusted. */
  failures: number;
}

/**
 * autocannon in a child process of its own, so that the load generator neither shares the event loop of the
 * servers under test (both run in the bench process) nor adds to the RSS the bench samples.
 */
const RUNNER = `
const autocannon = require('autocannon');
autocannon(JSON.parse(process.argv[1]), (error, r) => {
  if (error) { console.error(error); process.exit(1); }
  process.stdout.write(JSON.stringify({ rps: r.requests.total / r.duration, p50_ms: r.latency.p50, p99_ms: r.latency.p99,
    requests: r.requests.total, failures: r.non2xx + r.errors + r.timeouts }));
});`;

export function load(url: string, headers: Record<string, string>, options: LoadOptions): Promise<LoadResult> {
  const settings = {
    url,
    headers,
    connections: options.connections,
    ...(options.requests ? { amount: options.requests } : { duration: options.seconds }),
    timeout: 120,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', RUNNER, JSON.stringify(settings)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`autocannon exited ${code}: ${err}`)),
    );
  });
}

/** Runs `work` while sampling this process's RSS every 10 ms: the growth is the highest sample minus the one before. */
export async function withRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; rss_growth_mb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, rss_growth_mb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
