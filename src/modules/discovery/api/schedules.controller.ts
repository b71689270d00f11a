import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { SchedulesService } from '../application/schedules.service';
import { RunListQueryDto } from './dto/run.dto';
import { ScheduleBodyDto } from './dto/schedule.dto';

@ApiTags('discovery')
@Controller('api/v1/discovery/schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Post()
  @Access('Member')
  createSchedule(@Ctx() ctx: TenantContext, @Body() body: ScheduleBodyDto) {
    return this.schedules.create(ctx, body);
  }

  @Get()
  @Access('Viewer')
  listSchedules(@Ctx() ctx: TenantContext, @Query() q: RunListQueryDto) {
    return this.schedules.list(ctx, { networkId: q.network_id }, q);
  }

  @Get(':id')
  @Access('Viewer')
  getSchedule(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.schedules.get(ctx, id);
  }

  @Delete(':id')
  @Access('Member')
  async deleteSchedule(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.schedules.delete(ctx, id);
    return {};
  }
}
