import { Module } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { derivedKey } from '../../common/crypto/server-keys';
import { TenancyModule } from '../tenancy';
import { TopologyModule } from '../topology';
import { PublicSharesController } from './api/public-shares.controller';
import { SharePageFraming } from './api/share-page-framing';
import { SharesController } from './api/shares.controller';
import { PublicSharesService } from './application/public-shares.service';
import { SharesService } from './application/shares.service';
import { SHARE_REPOSITORY } from './domain/share';
import { SHARE_ACCESS_TOKENS } from './domain/share-access-tokens.port';
import { PgShareRepository } from './infrastructure/share.repository';
import { ShareTokens } from './infrastructure/share-tokens';

/** Read-only links to a network's topology, with an optional password. */
@Module({
  imports: [TenancyModule, TopologyModule],
  controllers: [SharesController, PublicSharesController],
  providers: [
    SharesService,
    PublicSharesService,
    SharePageFraming,
    { provide: SHARE_REPOSITORY, useClass: PgShareRepository },
    {
      provide: SHARE_ACCESS_TOKENS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ShareTokens(derivedKey(config, 'share-tokens')),
    },
  ],
})
export class SharingModule {}
