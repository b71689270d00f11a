import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { derivedKey } from '../../common/crypto/server-keys';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TopologyModule } from '../topology/topology.module';
import { PublicSharesController, ShareVerifyThrottler } from './api/public-shares.controller';
import { SharesController } from './api/shares.controller';
import { PublicSharesService } from './application/public-shares.service';
import { SharesService } from './application/shares.service';
import { SHARE_REPOSITORY } from './domain/share';
import { PgShareRepository } from './infrastructure/share.repository';
import { ShareTokens } from './infrastructure/share-tokens';

/** Read-only links to a network's topology, with an optional password. */
@Module({
  imports: [TenancyModule, TopologyModule, ThrottlerModule.forRoot([{ ttl: 60_000, limit: 10 }])],
  controllers: [SharesController, PublicSharesController],
  providers: [
    SharesService,
    PublicSharesService,
    ShareVerifyThrottler,
    { provide: SHARE_REPOSITORY, useClass: PgShareRepository },
    {
      provide: ShareTokens,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ShareTokens(derivedKey(config, 'share-tokens')),
    },
  ],
})
export class SharingModule {}
