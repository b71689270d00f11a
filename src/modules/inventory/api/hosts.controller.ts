import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { AsOf } from '../../../common/http/as-of';
import { UuidParam } from '../../../common/http/uuid-param';
import { HostsService } from '../application/hosts.service';
import { HostListQueryDto } from './dto/host-query.dto';
import { HostBodyDto } from './dto/host.dto';
import { draftOf } from './host-draft.mapper';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { HostResponse, HostVersionResponse } from './dto/host.response';

@ApiTags('hosts')
@Controller('api/v1/hosts')
export class HostsController {
  constructor(private readonly hosts: HostsService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(HostResponse, { list: true })
  listHosts(@Ctx() ctx: TenantContext, @Query() q: HostListQueryDto) {
    return this.hosts.list(ctx, {
      networkId: q.network_id,
      ids: q.ids,
      tagIds: q.tag_ids,
      search: q.search,
      groupBy: q.group_by,
      orderBy: q.order_by,
      orderDirection: q.order_direction ?? 'asc',
      limit: q.limit,
      offset: q.offset,
      at: q.at,
      stale: q.stale,
      deviceTypes: q.device_type,
      vendors: q.vendor,
      includeChildren: q.include_children ?? true,
    });
  }

  @Post()
  @Access('Member')
  @ApiOk(HostResponse, { status: 201 })
  createHost(@Ctx() ctx: TenantContext, @Body() body: HostBodyDto) {
    return this.hosts.create(ctx, draftOf(body));
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(HostResponse)
  getHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @AsOf() at?: Date) {
    return this.hosts.get(ctx, id, at);
  }

  @Get(':id/history')
  @Access('Viewer')
  @ApiOk(HostVersionResponse, { array: true })
  getHostHistory(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.hosts.history(ctx, id);
  }

  @Put(':id')
  @Access('Member')
  @ApiOk(HostResponse)
  replaceHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: HostBodyDto) {
    return this.hosts.replace(ctx, id, draftOf(body));
  }

  @Delete(':id')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async deleteHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.hosts.delete(ctx, id);
    return {};
  }
}
