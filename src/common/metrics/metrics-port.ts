import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from 'nestjs-pino';
import { type AppConfig, ConfigError } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AppError } from '../errors/app-error';
import { statusOf } from '../errors/error-codes';
import { ErrorBody, meta } from '../http/envelope';
import { requestIdOf } from '../http/request-id';
import { Metrics } from './metrics';
import { metricsNotServedHere, requireScraperToken } from './metrics-access';

/**
 * METRICS_PORT: /metrics on a listener of its own (bound to METRICS_HOST), in the API process and in
 * `npm run worker`, which has no other HTTP. Anything else there answers 404 like an unknown route.
 */
@Injectable()
export class MetricsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === undefined) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new ConfigError(`METRICS_PORT=${port}: cannot listen on ${host}:${port} (${error.code ?? error.message})`),
        ),
      );
      server.listen(port, host, resolve);
    });
    this.server = server;
    const bound = this.address()!;
    const shown = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    this.logger.log(`Metrics listening on http://${shown}:${bound.port}/metrics`, 'Metrics');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Where the listener is bound; undefined without METRICS_PORT. */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = requestIdOf(request);
    response.setHeader('X-Request-Id', requestId);
    try {
      const path = (request.url ?? '').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) throw metricsNotServedHere();
      requireScraperToken(this.config.metrics, request.headers.authorization);
      const { contentType, text } = await this.metrics.scrape();
      response.writeHead(200, { 'Content-Type': contentType }).end(request.method === 'HEAD' ? undefined : text);
    } catch (error) {
      const refusal = error instanceof AppError ? error : new AppError('internal_error', 'Internal server error');
      if (!(error instanceof AppError)) this.logger.error({ err: error }, 'Metrics scrape failed', 'Metrics');
      const body: ErrorBody = {
        success: false,
        error: refusal.message,
        code: refusal.code,
        params: refusal.params,
        meta: meta(requestId),
      };
      response
        .writeHead(statusOf(refusal.code), { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    }
  }
}
