import { parseExpression } from 'cron-parser';

/** Five-field cron (minute hour day month weekday), evaluated in UTC. */
export function cronError(cron: string): string | undefined {
  if (cron.trim().split(/\s+/).length !== 5) return 'cron must have five fields: minute hour day month weekday';
  try {
    parseExpression(cron, { tz: 'UTC' });
    return undefined;
  } catch (error) {
    return `cron is invalid: ${(error as Error).message}`;
  }
}

/** The first time the cron matches strictly after `after`. */
export const nextRunAt = (cron: string, after: Date): Date =>
  parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
