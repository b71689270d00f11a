// The tenancy module's public surface: other modules import only from here (docs/architecture.md).
export { TenancyModule } from './tenancy.module';
export { NETWORK_ACCESS, type NetworkAccess } from './domain/network-access.port';
export { TAG_CATALOG, type TagCatalog } from './domain/tag-catalog.port';
export { COLORS } from './domain/tag';
export { NetworkHooks } from './application/network-hooks';
export { TagHooks } from './application/tag-hooks';
export { OrganizationsService, type Registration } from './application/organizations.service';
export { presentUser } from './application/user.presenter';
export { UserResponse } from './api/dto/user.response';
export { USER_REPOSITORY, type User, type UserRepository } from './domain/user';
export { ORGANIZATION_REPOSITORY, type OrganizationRepository } from './domain/organization';
export { PLAN_FEATURES, type PlanType } from './domain/plans';
export { DEFAULT_STALE_AFTER_HOURS } from './domain/network';
