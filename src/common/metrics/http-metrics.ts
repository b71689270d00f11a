import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Metrics } from './metrics';

/** Requests no route matched (unknown paths, malformed requests) share this label. */
export const UNMATCHED_ROUTE = 'unmatched';

const LABELS = ['route', 'method', 'status_code'] as const;

/**
 * HTTP requests by route template (`/api/v1/hosts/:id`, never the path as sent: ids in labels would
 * grow the series without bound), method and status, and how long they took.
 */
@Injectable()
export class HttpMetrics {
  private readonly requests;
  private readonly duration;

  constructor(metrics: Metrics) {
    this.requests = metrics.counter({
      name: 'netatlas_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status code',
      labelNames: LABELS,
    });
    this.duration = metrics.histogram({
      name: 'netatlas_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by route template, method and status code',
      labelNames: LABELS,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  }

  /** A fastify onResponse hook. */
  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    const labels = { route, method: request.method, status_code: String(reply.statusCode) };
    this.requests.inc(labels);
    this.duration.observe(labels, reply.elapsedTime / 1000);
  };
}
