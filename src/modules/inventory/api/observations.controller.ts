import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { ObservationsService } from '../application/observations.service';
import { ObservationBatchDto } from './dto/observation.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { IngestResultResponse } from './dto/observation.response';

@ApiTags('discovery')
@Controller('api/v1/discovery/observations')
export class ObservationsController {
  constructor(private readonly observations: ObservationsService) {}

  /** What discovery saw in one network; the discovery engine and external scanners post here. */
  @Post()
  @HttpCode(200)
  @Access('Member')
  @ApiOk(IngestResultResponse)
  ingestObservations(@Ctx() ctx: TenantContext, @Body() body: ObservationBatchDto) {
    return this.observations.ingest(ctx, body);
  }
}
