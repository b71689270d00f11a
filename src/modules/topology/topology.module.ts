import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TopologyController } from './api/topology.controller';
import { TopologyService } from './application/topology.service';
import { NetworkStateRepository } from './infrastructure/network-state.repository';

/** The topology read model: four views of a network, live or as of an instant. */
@Module({
  imports: [TenancyModule],
  controllers: [TopologyController],
  providers: [TopologyService, NetworkStateRepository],
  exports: [TopologyService],
})
export class TopologyModule {}
