import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule } from './common/database/database.module';
import { BodyIdInterceptor } from './common/http/body-id.interceptor';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor';
import { AllExceptionsFilter } from './common/http/exception.filter';
import { createValidationPipe } from './common/http/validation';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { CredentialsModule } from './modules/credentials/credentials.module';
import { DependenciesModule } from './modules/dependencies/dependencies.module';
import { DiscoveryModule } from './modules/discovery/discovery.module';
import { InventoryModule } from './modules/inventory/inventory.module';
import { SharingModule } from './modules/sharing/sharing.module';
import { SystemModule } from './modules/system/system.module';
import { TenancyModule } from './modules/tenancy/tenancy.module';
import { TopologyModule } from './modules/topology/topology.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';

export interface AppModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  /** Where logs go (stdout by default; tests capture them). */
  logDestination?: DestinationStream;
  /** Further modules mounted beside the built-in ones (extensions; test probes). */
  imports?: ModuleImport[];
  /** Milliseconds now, for the rate limiter (tests move it by hand). */
  clock?: () => number;
}

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

@Module({})
export class AppModule {
  static forRoot({ config, dataSource, logDestination, imports = [], clock }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(dataSource),
        LoggingModule.forRoot(config, logDestination),
        MetricsModule,
        SystemModule,
        TenancyModule,
        AuthModule,
        // After AuthModule: its guard runs first, so the limiter knows the caller.
        RateLimitModule.forRoot(config, clock),
        InventoryModule,
        CredentialsModule,
        DependenciesModule,
        TopologyModule,
        SharingModule,
        DiscoveryModule,
        WebhooksModule,
        AuditModule,
        ...imports,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_INTERCEPTOR, useClass: BodyIdInterceptor },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
