// The discovery module's public surface: other modules import only from here (docs/architecture.md).
export { DiscoveryModule } from './discovery.module';
export { DiscoveryHooks, type FinishedRun } from './application/discovery-hooks';
