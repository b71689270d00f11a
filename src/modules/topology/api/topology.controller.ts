import { Controller, Get, Query } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TopologyService } from '../application/topology.service';
import { type View, VIEWS } from '../domain/graph';
import { IsDateTime } from '../../../common/http/date-time';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { TopologyResponse } from './dto/topology.response';

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
  constructor(private readonly topology: TopologyService) {}

  /** {nodes: [{id, kind, label, parent?, data}], edges: [{id, source, target, kind, label?, data}]} */
  @Get()
  @Access('Viewer')
  @ApiOk(TopologyResponse)
  getTopology(@Ctx() ctx: TenantContext, @Query() q: TopologyQueryDto) {
    return this.topology.graph(ctx, q.network_id, q.view, q.at);
  }
}
