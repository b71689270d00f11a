// The inventory module's public surface: other modules import only from here (docs/architecture.md).
export { InventoryModule } from './inventory.module';
export { InventoryHooks } from './application/inventory-hooks';
export { ObservationsService } from './application/observations.service';
export { SubnetsService } from './application/subnets.service';
export type { LinkDiagnostic, ObservedHost, ObservedInterface, ServiceSourceMetadata } from './domain/observation';
export { LINK_STATUSES } from './domain/enums';
export { SourceResponse } from './api/dto/host.response';
