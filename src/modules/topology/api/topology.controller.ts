import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TopologyService } from '../application/topology.service';
import { PositionsService } from '../application/positions.service';
import { type View, VIEWS } from '../domain/graph';
import { IsDateTime } from '../../../common/http/date-time';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { TopologyResponse } from './dto/topology.response';
import { PositionsBodyDto, PositionsResponse, PositionsScopeDto } from './dto/positions.dto';

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
}

@ApiTags('topology')
@Controller('api/v1/topology')
export class TopologyController {
  constructor(
    private readonly topology: TopologyService,
    private readonly layouts: PositionsService,
  ) {}

  /** {nodes: [{id, kind, label, parent?, data}], edges: [{id, source, target, kind, label?, data}], positions} */
  @Get()
  @Access('Viewer')
  @ApiOk(TopologyResponse)
  getTopology(@Ctx() ctx: TenantContext, @Query() q: TopologyQueryDto) {
    return this.topology.graph(ctx, q.network_id, q.view, q.at);
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
