import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { QueryList } from '../../../common/http/rules';
import { GROUP_THRESHOLD } from '../domain/collapse';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TopologyService } from '../application/topology.service';
import { PositionsService } from '../application/positions.service';
import { PathsService } from '../application/paths.service';
import { FindService } from '../application/find.service';
import { FindMatchResponse, FindQueryDto } from './dto/find.dto';
import { type View, VIEWS } from '../domain/graph';
import { IsDateTime } from '../../../common/http/date-time';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { TopologyResponse } from './dto/topology.response';
import { PositionsBodyDto, PositionsResponse, PositionsScopeDto } from './dto/positions.dto';
import { PathQueryDto } from './dto/path.dto';
import { PathResponse } from './dto/path.response';

export class TopologyQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  network_id: string;

  @ApiProperty({ enum: VIEWS })
  @IsIn(VIEWS)
  view: View;

  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @IsOptional()
  @IsDateTime()
  at?: Date;

  @ApiPropertyOptional({
    enum: ['auto'],
    description: `auto: a view of more than ${GROUP_THRESHOLD} nodes collapses members into nodes of kind group (hosts of a subnet, hosts attached to a switch, guests of a hypervisor, services of a host) with aggregate edges`,
  })
  @IsOptional()
  @IsIn(['auto'])
  group?: 'auto';

  @ApiPropertyOptional({
    type: [String],
    maxItems: 1000,
    description: 'Group node ids to open (repeatable, or comma separated): their members are drawn as usual',
    example: ['group:subnet:3f2b8c1e-7d4a-4e6b-9a2f-5c1d8e7b6a40'],
  })
  @IsOptional()
  @QueryList()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 255, { each: true })
  expand?: string[];
}

@ApiTags('topology')
@Controller('api/v1/topology')
export class TopologyController {
  constructor(
    private readonly topology: TopologyService,
    private readonly layouts: PositionsService,
    private readonly paths: PathsService,
    private readonly finder: FindService,
  ) {}

  /** {nodes: [{id, kind, label, parent?, data}], edges: [{id, source, target, kind, label?, data}], positions} */
  @Get()
  @Access('Viewer')
  @ApiOk(TopologyResponse)
  getTopology(@Ctx() ctx: TenantContext, @Query() q: TopologyQueryDto) {
    return this.topology.graph(ctx, q.network_id, q.view, { at: q.at, group: q.group, expand: q.expand });
  }

  /** Nodes of a whole view matching a text (name, hostname, address, MAC, interface), with the groups to open. */
  @Get('find')
  @Access('Viewer')
  @ApiOk(FindMatchResponse, { array: true })
  find(@Ctx() ctx: TenantContext, @Query() q: FindQueryDto) {
    return this.finder.find(ctx, q.network_id, q.view, q.q, q.at);
  }

  /** A shortest path over the L2 links between two hosts, hop by hop, or why none is known; as of `at`. */
  @Get('path')
  @Access('Viewer')
  @ApiOk(PathResponse)
  getPath(@Ctx() ctx: TenantContext, @Query() q: PathQueryDto) {
    return this.paths.between(ctx, q.network_id, q.from, q.to, q.at);
  }

  /** Saves where nodes were placed: merged into the view's layout; answers the whole layout. */
  @Put('positions')
  @Access('Member')
  @ApiOk(PositionsResponse)
  savePositions(@Ctx() ctx: TenantContext, @Body() body: PositionsBodyDto) {
    return this.layouts.merge(ctx, body.network_id, body.view, body.positions);
  }

  /** Forgets the view's layout: every node is placed afresh. */
  @Delete('positions')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async resetPositions(@Ctx() ctx: TenantContext, @Query() q: PositionsScopeDto) {
    await this.layouts.reset(ctx, q.network_id, q.view);
    return {};
  }
}
