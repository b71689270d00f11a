import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { TenancyModule } from '../tenancy';
import { DependenciesController } from './api/dependencies.controller';
import { DependenciesService } from './application/dependencies.service';
import { DEPENDENCY_REPOSITORY } from './domain/dependency';
import { PgDependencyRepository } from './infrastructure/dependency.repository';

/** Versioned dependencies between services (request paths, hub and spoke). */
@Module({
  imports: [TenancyModule, InventoryModule],
  controllers: [DependenciesController],
  providers: [DependenciesService, { provide: DEPENDENCY_REPOSITORY, useClass: PgDependencyRepository }],
})
export class DependenciesModule {}
