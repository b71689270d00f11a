// The topology module's public surface: other modules import only from here (docs/architecture.md).
export { TopologyModule } from './topology.module';
export { TopologyService } from './application/topology.service';
export { type View, VIEWS } from './domain/graph';
export { TopologyResponse } from './api/dto/topology.response';
