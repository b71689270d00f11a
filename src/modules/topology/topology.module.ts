import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy';
import { TopologyController } from './api/topology.controller';
import { PositionsService } from './application/positions.service';
import { TopologyService } from './application/topology.service';
import { NetworkStateRepository } from './infrastructure/network-state.repository';
import { PositionsRepository } from './infrastructure/positions.repository';

/** The topology read model: four views of a network, live or as of an instant, and their saved layouts. */
@Module({
  imports: [TenancyModule],
  controllers: [TopologyController],
  providers: [TopologyService, PositionsService, NetworkStateRepository, PositionsRepository],
  exports: [TopologyService],
})
export class TopologyModule {}
