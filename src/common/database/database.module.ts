import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUDIT_TRAIL } from '../audit/audit-trail';
import { PgAuditTrail } from '../audit/pg-audit-trail';
import { Database } from './database';

export const TRANSACTION_RUNNER = Symbol('TRANSACTION_RUNNER');

/** Makes the process's DataSource injectable; its owner (main.ts or the test harness) opens and closes it. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        Database,
        { provide: TRANSACTION_RUNNER, useExisting: Database },
        { provide: AUDIT_TRAIL, useClass: PgAuditTrail },
      ],
      exports: [DataSource, Database, TRANSACTION_RUNNER, AUDIT_TRAIL],
    };
  }
}
