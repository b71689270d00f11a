import type { Logger } from 'nestjs-pino';

/** On SIGTERM/SIGINT: `close` once, or exit 1 if it takes longer than timeoutMs. */
export function stopOnSignals(logger: Logger, timeoutMs: number, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining`);
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    await close();
    logger.log('Stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void stop(s));
}
