import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { AsOf } from '../../../common/http/as-of';
import { UuidParam } from '../../../common/http/uuid-param';
import { SubnetsService } from '../application/subnets.service';
import { InventoryListQueryDto, SubnetBodyDto } from './dto/subnet.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { SubnetResponse, SubnetVersionResponse } from './dto/subnet.response';

@ApiTags('subnets')
@Controller('api/v1/subnets')
export class SubnetsController {
  constructor(private readonly subnets: SubnetsService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(SubnetResponse, { list: true })
  listSubnets(@Ctx() ctx: TenantContext, @Query() query: InventoryListQueryDto) {
    return this.subnets.list(ctx, { networkId: query.network_id, at: query.at }, query);
  }

  @Post()
  @Access('Member')
  @ApiOk(SubnetResponse, { status: 201 })
  createSubnet(@Ctx() ctx: TenantContext, @Body() body: SubnetBodyDto) {
    return this.subnets.create(ctx, body);
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(SubnetResponse)
  getSubnet(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @AsOf() at?: Date) {
    return this.subnets.get(ctx, id, at);
  }

  @Get(':id/history')
  @Access('Viewer')
  @ApiOk(SubnetVersionResponse, { array: true })
  getSubnetHistory(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.subnets.history(ctx, id);
  }

  @Put(':id')
  @Access('Member')
  @ApiOk(SubnetResponse)
  updateSubnet(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: SubnetBodyDto) {
    return this.subnets.update(ctx, id, body);
  }

  @Delete(':id')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async deleteSubnet(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.subnets.delete(ctx, id);
    return {};
  }
}
