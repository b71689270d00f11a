import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy';
import { TopologyController } from './api/topology.controller';
import { PathsService } from './application/paths.service';
import { FindService } from './application/find.service';
import { PositionsService } from './application/positions.service';
import { TopologyService } from './application/topology.service';
import { NETWORK_STATE_READER } from './domain/network-state.port';
import { POSITIONS_STORE } from './domain/positions-store.port';
import { NetworkStateRepository } from './infrastructure/network-state.repository';
import { PositionsRepository } from './infrastructure/positions.repository';

/** The topology read model: four views of a network, live or as of an instant, their saved layouts, paths between hosts. */
@Module({
  imports: [TenancyModule],
  controllers: [TopologyController],
  providers: [
    TopologyService,
    PositionsService,
    PathsService,
    FindService,
    { provide: NETWORK_STATE_READER, useClass: NetworkStateRepository },
    { provide: POSITIONS_STORE, useClass: PositionsRepository },
  ],
  exports: [TopologyService],
})
export class TopologyModule {}
