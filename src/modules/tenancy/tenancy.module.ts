import { Module } from '@nestjs/common';
import { NetworksController } from './api/networks.controller';
import { OrganizationsController } from './api/organizations.controller';
import { TagsController } from './api/tags.controller';
import { UsersController } from './api/users.controller';
import { NetworkAccessService } from './application/network-access.service';
import { NetworkHooks } from './application/network-hooks';
import { NetworksService } from './application/networks.service';
import { OrganizationsService } from './application/organizations.service';
import { TagHooks } from './application/tag-hooks';
import { TagsService } from './application/tags.service';
import { UsersService } from './application/users.service';
import { NETWORK_REPOSITORY } from './domain/network';
import { NETWORK_ACCESS } from './domain/network-access.port';
import { ORGANIZATION_REPOSITORY } from './domain/organization';
import { TAG_REPOSITORY } from './domain/tag';
import { TAG_CATALOG } from './domain/tag-catalog.port';
import { USER_REPOSITORY } from './domain/user';
import { PgNetworkRepository } from './infrastructure/network.repository';
import { PgOrganizationRepository } from './infrastructure/organization.repository';
import { PgTagRepository } from './infrastructure/tag.repository';
import { PgUserRepository } from './infrastructure/user.repository';

/** Organizations, their users and roles, networks, tags and plans. */
@Module({
  controllers: [OrganizationsController, UsersController, NetworksController, TagsController],
  providers: [
    OrganizationsService,
    UsersService,
    NetworksService,
    TagsService,
    NetworkHooks,
    TagHooks,
    { provide: NETWORK_ACCESS, useClass: NetworkAccessService },
    { provide: TAG_CATALOG, useExisting: TagsService },
    { provide: ORGANIZATION_REPOSITORY, useClass: PgOrganizationRepository },
    { provide: USER_REPOSITORY, useClass: PgUserRepository },
    { provide: NETWORK_REPOSITORY, useClass: PgNetworkRepository },
    { provide: TAG_REPOSITORY, useClass: PgTagRepository },
  ],
  exports: [
    OrganizationsService,
    NetworkHooks,
    TagHooks,
    NETWORK_ACCESS,
    TAG_CATALOG,
    USER_REPOSITORY,
    ORGANIZATION_REPOSITORY,
  ],
})
export class TenancyModule {}
