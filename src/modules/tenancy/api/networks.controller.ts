import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { NetworksService } from '../application/networks.service';
import type { NetworkInput } from '../domain/network';
import { NetworkBodyDto, NetworkListQueryDto } from './dto/network.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { NetworkResponse } from './dto/network.response';

const toInput = (body: NetworkBodyDto): NetworkInput => ({
  name: body.name,
  description: body.description ?? '',
  stale_after_hours: body.stale_after_hours ?? null,
  tags: body.tags ?? [],
});

@ApiTags('networks')
@Controller('api/v1/networks')
export class NetworksController {
  constructor(private readonly networks: NetworksService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(NetworkResponse, { list: true })
  listNetworks(@Ctx() ctx: TenantContext, @Query() query: NetworkListQueryDto) {
    return this.networks.list(ctx, { networkId: query.network_id }, query);
  }

  @Post()
  @Access('Admin')
  @ApiOk(NetworkResponse, { status: 201 })
  createNetwork(@Ctx() ctx: TenantContext, @Body() body: NetworkBodyDto) {
    return this.networks.create(ctx, toInput(body));
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(NetworkResponse)
  getNetwork(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.networks.get(ctx, id);
  }

  @Put(':id')
  @Access('Admin')
  @ApiOk(NetworkResponse)
  updateNetwork(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: NetworkBodyDto) {
    return this.networks.update(ctx, id, toInput(body));
  }

  @Delete(':id')
  @Access('Admin')
  @ApiOk(EmptyResponse)
  async deleteNetwork(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.networks.delete(ctx, id);
    return {};
  }
}
