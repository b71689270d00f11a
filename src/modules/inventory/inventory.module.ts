import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy';
import { HostsController } from './api/hosts.controller';
import { ObservationsController } from './api/observations.controller';
import { SubnetsController } from './api/subnets.controller';
import { ForgetDeletedTags } from './application/forget-deleted-tags';
import { HostsService } from './application/hosts.service';
import { InventoryHooks } from './application/inventory-hooks';
import { ObservationsService } from './application/observations.service';
import { SubnetsService } from './application/subnets.service';
import { HOST_READER } from './domain/host-reader';
import { HOST_WRITER } from './domain/host-writer';
import { OBSERVATION_STORE } from './domain/observation';
import { SUBNET_REPOSITORY } from './domain/subnet';
import { PgHostReader } from './infrastructure/host-reader.repository';
import { PgHostWriter } from './infrastructure/host-writer.repository';
import { PgObservationStore } from './infrastructure/observation.repository';
import { PgSubnetRepository } from './infrastructure/subnet.repository';

/** Subnets, hosts and their children, versioned over time, and the observations ingest. */
@Module({
  imports: [TenancyModule],
  controllers: [SubnetsController, HostsController, ObservationsController],
  providers: [
    SubnetsService,
    HostsService,
    ObservationsService,
    InventoryHooks,
    ForgetDeletedTags,
    { provide: OBSERVATION_STORE, useClass: PgObservationStore },
    { provide: HOST_READER, useClass: PgHostReader },
    { provide: HOST_WRITER, useClass: PgHostWriter },
    { provide: SUBNET_REPOSITORY, useClass: PgSubnetRepository },
  ],
  exports: [InventoryHooks, SubnetsService, ObservationsService],
})
export class InventoryModule {}
