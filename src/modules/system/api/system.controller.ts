import { Controller, Get } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../common/auth/access.decorator';
import { API_VERSION, SERVER_VERSION } from '../../../common/http/versions';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { HealthService } from '../application/health.service';
import { LivenessResponse, ReadinessResponse, VersionResponse } from './system.response';

@ApiTags('system')
@Controller('api')
@Public()
export class SystemController {
  constructor(private readonly health: HealthService) {}

  @Get('version')
  @ApiOk(VersionResponse, { description: 'The API version (integer) and the application release' })
  getVersion(): { api_version: number; server_version: string } {
    return { api_version: API_VERSION, server_version: SERVER_VERSION };
  }

  @Get('health')
  @ApiOk(LivenessResponse, { description: 'Liveness: the process answers' })
  getLiveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @ApiOk(ReadinessResponse, { description: 'Readiness: the database is reachable' })
  @ApiServiceUnavailableResponse({ description: 'The database is not reachable' })
  getReadiness(): Promise<{ status: 'ready'; database: 'up' }> {
    return this.health.checkReady();
  }
}
