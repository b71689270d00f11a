import { Module } from '@nestjs/common';
import { NetworksController } from './api/networks.controller';
import { OrganizationsController } from './api/organizations.controller';
import { UsersController } from './api/users.controller';
import { NetworksService } from './application/networks.service';
import { OrganizationsService } from './application/organizations.service';
import { UsersService } from './application/users.service';
import { NETWORK_REPOSITORY } from './domain/network';
import { ORGANIZATION_REPOSITORY } from './domain/organization';
import { USER_REPOSITORY } from './domain/user';
import { PgNetworkRepository } from './infrastructure/network.repository';
import { PgOrganizationRepository } from './infrastructure/organization.repository';
import { PgUserRepository } from './infrastructure/user.repository';

/** Organizations, their users and roles, networks and plans. */
@Module({
  controllers: [OrganizationsController, UsersController, NetworksController],
  providers: [
    OrganizationsService,
    UsersService,
    NetworksService,
    { provide: ORGANIZATION_REPOSITORY, useClass: PgOrganizationRepository },
    { provide: USER_REPOSITORY, useClass: PgUserRepository },
    { provide: NETWORK_REPOSITORY, useClass: PgNetworkRepository },
  ],
  exports: [OrganizationsService, USER_REPOSITORY, NETWORK_REPOSITORY, ORGANIZATION_REPOSITORY],
})
export class TenancyModule {}
