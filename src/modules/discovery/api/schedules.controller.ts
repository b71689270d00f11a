import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { SchedulesService } from '../application/schedules.service';
import { RunListQueryDto } from './dto/run.dto';
import { ScheduleBodyDto } from './dto/schedule.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { ScheduleResponse } from './dto/schedule.response';

@ApiTags('discovery')
@Controller('api/v1/discovery/schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Post()
  @Access('Member')
  @ApiOk(ScheduleResponse, { status: 201 })
  createSchedule(@Ctx() ctx: TenantContext, @Body() body: ScheduleBodyDto) {
    return this.schedules.create(ctx, body);
  }

  @Get()
  @Access('Viewer')
  @ApiOk(ScheduleResponse, { list: true })
  listSchedules(@Ctx() ctx: TenantContext, @Query() q: RunListQueryDto) {
    return this.schedules.list(ctx, { networkId: q.network_id }, q);
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(ScheduleResponse)
  getSchedule(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.schedules.get(ctx, id);
  }

  @Delete(':id')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async deleteSchedule(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.schedules.delete(ctx, id);
    return {};
  }
}
