import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { SharesService } from '../application/shares.service';
import { ShareBodyDto, ShareListQueryDto } from './dto/share.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { ShareResponse } from './dto/share.response';

/** Managing shares: Member+ on the shared network, by session or key. */
@ApiTags('shares')
@Controller('api/v1/shares')
@Access('Member')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Get()
  @ApiOk(ShareResponse, { list: true })
  listShares(@Ctx() ctx: TenantContext, @Query() q: ShareListQueryDto) {
    return this.shares.list(ctx, { networkId: q.network_id }, q);
  }

  @Post()
  @ApiOk(ShareResponse, { status: 201 })
  createShare(@Ctx() ctx: TenantContext, @Body() body: ShareBodyDto) {
    return this.shares.create(ctx, body);
  }

  @Get(':id')
  @ApiOk(ShareResponse)
  getShare(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.shares.get(ctx, id);
  }

  @Put(':id')
  @ApiOk(ShareResponse)
  updateShare(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: ShareBodyDto) {
    return this.shares.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOk(EmptyResponse)
  async deleteShare(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.shares.delete(ctx, id);
    return {};
  }
}
