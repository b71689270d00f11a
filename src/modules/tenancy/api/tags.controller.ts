import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { UuidParam } from '../../../common/http/uuid-param';
import { TagsService } from '../application/tags.service';
import { TagBodyDto } from './dto/tag.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { TagResponse } from './dto/tag.response';

/** Organization-wide tags: Members create them; renaming or deleting one (it leaves every host) is for Admins. */
@ApiTags('tags')
@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(TagResponse, { list: true })
  listTags(@Ctx() ctx: TenantContext, @Query() query: PageQueryDto) {
    return this.tags.list(ctx, query);
  }

  @Post()
  @Access('Member')
  @ApiOk(TagResponse, { status: 201 })
  createTag(@Ctx() ctx: TenantContext, @Body() body: TagBodyDto) {
    return this.tags.create(ctx, body);
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(TagResponse)
  getTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.tags.get(ctx, id);
  }

  @Put(':id')
  @Access('Admin')
  @ApiOk(TagResponse)
  updateTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: TagBodyDto) {
    return this.tags.update(ctx, id, body);
  }

  @Delete(':id')
  @Access('Admin')
  @ApiOk(EmptyResponse)
  async deleteTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.tags.delete(ctx, id);
    return {};
  }
}
