import { Global, Module } from '@nestjs/common';
import { DatabasePoolMetrics } from './database-pool-metrics';
import { HttpMetrics } from './http-metrics';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { MetricsPort } from './metrics-port';

/** Prometheus metrics: the registry every module records into, and where it is served (docs/metrics.md). */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, HttpMetrics, DatabasePoolMetrics, MetricsPort],
  exports: [Metrics, HttpMetrics, MetricsPort],
})
export class MetricsModule {}
