import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { createServer, type RequestListener } from 'node:http';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { registerCors } from './common/http/cors';
import { BODY_LIMIT_BYTES } from './common/http/error-response';
import { parseJsonBodies } from './common/http/json-body';
import { requestIdOf } from './common/http/request-id';
import { applySecurityHeaders } from './common/http/security-headers';
import {
  type Accounting,
  clientErrorHandler,
  frameworkErrorsWith,
  MAX_HEADER_BYTES,
  MAX_PARAM_LENGTH,
  refuseLongPathSegments,
} from './common/http/transport-errors';
import { serveWebUi } from './common/http/web-ui';
import { HttpMetrics } from './common/metrics/http-metrics';
import { setupOpenApi } from './common/openapi/openapi';
import { AttemptBackoff } from './common/rate-limit/attempt-backoff';
import { CallerLimit } from './common/rate-limit/caller-limit';

/** Builds the whole HTTP application, ready to listen or to take app.inject() calls in tests. */
export async function createApp(options: AppModuleOptions): Promise<NestFastifyApplication> {
  const limits = options.config.http;
  const late: { accounting?: Accounting } = {};
  const adapter = new FastifyAdapter({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow or idle clients: docs/rate-limits.md ("Connections"). Node checks the header and request
    // deadlines every connectionsCheckingInterval, so that is kept well below them.
    serverFactory: (handler: RequestListener) => {
      const server = createServer(
        {
          maxHeaderSize: MAX_HEADER_BYTES,
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: Math.max(50, Math.min(1_000, limits.headersTimeoutMs / 4)),
        },
        handler,
      );
      server.setTimeout(limits.idleTimeoutMs);
      return server;
    },
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Malformed or oversized request lines, bad percent-encoding, long path parameters: envelope errors.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorsWith(() => late.accounting),
    clientErrorHandler,
    genReqId: requestIdOf,
    // Client addresses come from the socket unless a proxy in front is trusted to set X-Forwarded-For.
    trustProxy: options.config.trustProxy,
    // A request that reaches a draining instance on a kept-alive connection is served (the drain waits for
    // it), not answered fastify's bare 503: a proxy retries a refused connection, not a 503.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(options), adapter, {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // Buffered lines are otherwise written only by listen(): an app served through inject() would lose them.
  app.flushLogs();

  const fastify = app.getHttpAdapter().getInstance();
  // JSON is the only body the API takes: fastify's text/plain parser would let other bodies through.
  fastify.removeContentTypeParser('text/plain');
  parseJsonBodies(fastify);
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });
  const callerLimit = app.get(CallerLimit);
  late.accounting = (request, reply) => callerLimit.take(request, reply);
  fastify.addHook('onSend', callerLimit.onSend);
  fastify.addHook('onSend', app.get(AttemptBackoff).onSend);
  fastify.addHook('onResponse', app.get(HttpMetrics).onResponse);
  fastify.addHook('onRequest', applySecurityHeaders(options.config.cookieSecure));
  registerCors(fastify, options.config.corsOrigins);
  fastify.addHook('onRequest', refuseLongPathSegments);
  await app.register(fastifyCookie);
  await serveWebUi(fastify, options.config.webRoot);
  setupOpenApi(app);
  await app.init();
  await fastify.ready();
  return app;
}
