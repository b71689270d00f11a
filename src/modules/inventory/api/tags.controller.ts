import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { UuidParam } from '../../../common/http/uuid-param';
import { TagsService } from '../application/tags.service';
import { TagBodyDto } from './dto/tag.dto';

/** Organization-wide tags: Members create them; renaming or deleting one (it leaves every host) is for Admins. */
@ApiTags('tags')
@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @Access('Viewer')
  listTags(@Ctx() ctx: TenantContext, @Query() query: PageQueryDto) {
    return this.tags.list(ctx, query);
  }

  @Post()
  @Access('Member')
  createTag(@Ctx() ctx: TenantContext, @Body() body: TagBodyDto) {
    return this.tags.create(ctx, body);
  }

  @Get(':id')
  @Access('Viewer')
  getTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.tags.get(ctx, id);
  }

  @Put(':id')
  @Access('Admin')
  updateTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: TagBodyDto) {
    return this.tags.update(ctx, id, body);
  }

  @Delete(':id')
  @Access('Admin')
  async deleteTag(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.tags.delete(ctx, id);
    return {};
  }
}
