import { Module } from '@nestjs/common';
import { SystemController } from './api/system.controller';
import { HealthService } from './application/health.service';

/** Version and health: the routes operators and load balancers call. */
@Module({ controllers: [SystemController], providers: [HealthService] })
export class SystemModule {}
