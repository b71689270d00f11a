import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';

/** Exactly what an unknown route answers. */
export const metricsNotServedHere = () => new AppError('route_not_found', 'Route not found');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Refuses a scrape without `Authorization: Bearer <METRICS_TOKEN>` when a token is set. Both sides are
 * hashed first so the comparison takes the same time whatever the length or the first wrong byte.
 */
export function requireScraperToken(config: MetricsConfig, authorization: string | undefined): void {
  if (config.token === undefined) return;
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(presented), digest(config.token)))
    throw new AppError('auth_not_authenticated', 'Authorization must be "Bearer <METRICS_TOKEN>"');
}

/**
 * The main port serves /metrics only when METRICS_TOKEN is set and METRICS_PORT is not: without a token
 * anyone who reaches the API could read it, and with a port of its own it stays on that port.
 */
export function requireMetricsOnMainPort(config: MetricsConfig, authorization: string | undefined): void {
  if (config.token === undefined || config.port !== undefined) throw metricsNotServedHere();
  requireScraperToken(config, authorization);
}
