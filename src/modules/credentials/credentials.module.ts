import { Module } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { InventoryModule } from '../inventory';
import { TenancyModule } from '../tenancy';
import { CredentialsController } from './api/credentials.controller';
import { CredentialsService } from './application/credentials.service';
import { FollowInventoryAndTags } from './application/follow-inventory-and-tags';
import { ScanCredentialsService } from './application/scan-credentials.service';
import { CREDENTIAL_REPOSITORY } from './domain/credential';
import { SECRET_SEALER } from './domain/secret-sealer';
import { AesGcmSealer } from './infrastructure/aes-gcm.sealer';
import { PgCredentialRepository } from './infrastructure/credential.repository';
import { currentKey, previousKeys } from '../../common/crypto/server-keys';

/** SNMP credentials, their secrets sealed at rest, assigned to networks and hosts. */
@Module({
  imports: [TenancyModule, InventoryModule],
  controllers: [CredentialsController],
  providers: [
    CredentialsService,
    ScanCredentialsService,
    FollowInventoryAndTags,
    { provide: CREDENTIAL_REPOSITORY, useClass: PgCredentialRepository },
    {
      provide: SECRET_SEALER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new AesGcmSealer(currentKey(config), previousKeys(config)),
    },
  ],
  exports: [ScanCredentialsService, SECRET_SEALER],
})
export class CredentialsModule {}
