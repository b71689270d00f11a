import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy';
import { TopologyController } from './api/topology.controller';
import { PathsService } from './application/paths.service';
import { FindService } from './application/find.service';
import { PositionsService } from './application/positions.service';
import { TopologyService } from './application/topology.service';
import { L2_SUMMARY_READER } from './domain/l2-summary.port';
import { NETWORK_STATE_READER } from './domain/network-state.port';
import { POSITIONS_STORE } from './domain/positions-store.port';
import { L2SummaryRepository } from './infrastructure/l2-summary.repository';
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
    { provide: L2_SUMMARY_READER, useClass: L2SummaryRepository },
    { provide: POSITIONS_STORE, useClass: PositionsRepository },
  ],
  exports: [TopologyService],
})
export class TopologyModule {}
