import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { AsOf } from '../../../common/http/as-of';
import { UuidParam } from '../../../common/http/uuid-param';
import { DependenciesService, type DependencyInput } from '../application/dependencies.service';
import { DependencyBodyDto, DependencyListQueryDto } from './dto/dependency.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { DependencyResponse, DependencyVersionResponse } from './dto/dependency.response';

const inputOf = (body: DependencyBodyDto): DependencyInput => ({
  network_id: body.network_id,
  name: body.name,
  description: body.description ?? null,
  color: body.color,
  dependency_type: body.dependency_type,
  edge_style: body.edge_style,
  member_type: body.members.type,
  member_ids: (body.members.type === 'Services' ? body.members.service_ids : body.members.binding_ids) ?? [],
  tags: body.tags,
});

@ApiTags('dependencies')
@Controller('api/v1')
export class DependenciesController {
  constructor(private readonly dependencies: DependenciesService) {}

  @Get('dependencies')
  @Access('Viewer')
  @ApiOk(DependencyResponse, { list: true })
  listDependencies(@Ctx() ctx: TenantContext, @Query() q: DependencyListQueryDto) {
    return this.dependencies.list(ctx, { networkId: q.network_id, tagIds: q.tag_ids, at: q.at }, q);
  }

  @Post('dependencies')
  @Access('Member')
  @ApiOk(DependencyResponse, { status: 201 })
  createDependency(@Ctx() ctx: TenantContext, @Body() body: DependencyBodyDto) {
    return this.dependencies.create(ctx, inputOf(body));
  }

  @Get('dependencies/:id')
  @Access('Viewer')
  @ApiOk(DependencyResponse)
  getDependency(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @AsOf() at?: Date) {
    return this.dependencies.get(ctx, id, at);
  }

  @Get('dependencies/:id/history')
  @Access('Viewer')
  @ApiOk(DependencyVersionResponse, { array: true })
  getDependencyHistory(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.dependencies.history(ctx, id);
  }

  @Put('dependencies/:id')
  @Access('Member')
  @ApiOk(DependencyResponse)
  updateDependency(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: DependencyBodyDto) {
    return this.dependencies.update(ctx, id, inputOf(body));
  }

  @Delete('dependencies/:id')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async deleteDependency(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.dependencies.delete(ctx, id);
    return {};
  }

  @Get('services/:id/dependencies')
  @Access('Viewer')
  @ApiOk(DependencyResponse, { list: true })
  listServiceDependencies(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Query() q: PageQueryDto) {
    return this.dependencies.forService(ctx, id, q);
  }
}
