import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Makes the process's DataSource injectable; its owner (main.ts or the test harness) opens and closes it. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DataSource, useValue: dataSource }],
      exports: [DataSource],
    };
  }
}
