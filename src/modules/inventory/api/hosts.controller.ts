import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { HostsService } from '../application/hosts.service';
import { AtQueryDto, HostListQueryDto } from './dto/host-query.dto';
import { HostBodyDto } from './dto/host.dto';
import { draftOf } from './host-draft.mapper';

@ApiTags('hosts')
@Controller('api/v1/hosts')
export class HostsController {
  constructor(private readonly hosts: HostsService) {}

  @Get()
  @Access('Viewer')
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
      includeChildren: q.include_children ?? true,
    });
  }

  @Post()
  @Access('Member')
  createHost(@Ctx() ctx: TenantContext, @Body() body: HostBodyDto) {
    return this.hosts.create(ctx, draftOf(body));
  }

  @Get(':id')
  @Access('Viewer')
  getHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Query() q: AtQueryDto) {
    return this.hosts.get(ctx, id, q.at);
  }

  @Get(':id/history')
  @Access('Viewer')
  getHostHistory(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.hosts.history(ctx, id);
  }

  @Put(':id')
  @Access('Member')
  replaceHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: HostBodyDto) {
    return this.hosts.replace(ctx, id, draftOf(body));
  }

  @Delete(':id')
  @Access('Member')
  async deleteHost(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.hosts.delete(ctx, id);
    return {};
  }
}
