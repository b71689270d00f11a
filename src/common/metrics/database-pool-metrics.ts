import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { Metrics } from './metrics';

/** The pg pool behind the DataSource, read at scrape time; none while the DataSource is closed. */
@Injectable()
export class DatabasePoolMetrics {
  constructor(metrics: Metrics, dataSource: DataSource) {
    const pool = () => (dataSource.isInitialized ? (dataSource.driver as { master?: Pool }).master : undefined);
    const gauge = (name: string, help: string, read: (pool: Pool) => number) =>
      metrics.gauge({
        name,
        help,
        collect() {
          const current = pool();
          if (current) this.set(read(current));
        },
      });
    gauge('netatlas_db_pool_connections', 'Connections the pool holds open (in use and idle)', (p) => p.totalCount);
    gauge('netatlas_db_pool_idle_connections', 'Open connections not in use', (p) => p.idleCount);
    gauge('netatlas_db_pool_waiting_requests', 'Queries waiting for a free connection', (p) => p.waitingCount);
    gauge('netatlas_db_pool_max_connections', 'The most connections the pool opens', (p) => p.options.max ?? 10);
  }
}
