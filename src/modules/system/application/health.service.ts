import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../../common/errors/app-error';

const READINESS_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  /** Ready when the database answers within the timeout; otherwise 503 service_unavailable. */
  async checkReady(): Promise<{ status: 'ready'; database: 'up' }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), READINESS_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
    } catch {
      throw new AppError('service_unavailable', 'Database is not reachable', { dependency: 'database' });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready', database: 'up' };
  }
}
