import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Positions } from '../../domain/positions';
import { POSITIONS_SCHEMA } from './positions.dto';

const DATA = {
  type: 'object' as const,
  additionalProperties: true,
  description: 'What the inspector shows; depends on kind',
};

export class GraphNodeResponse {
  @ApiProperty({ description: 'Unique within the graph' }) id: string;
  @ApiProperty({ example: 'host' }) kind: string;
  @ApiProperty() label: string;
  @ApiPropertyOptional({ description: 'The id of the group node that contains it' }) parent?: string;
  @ApiProperty(DATA) data: Record<string, unknown>;
}

export class GraphEdgeResponse {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'A node id' }) source: string;
  @ApiProperty({ description: 'A node id' }) target: string;
  @ApiProperty({ example: 'l2_link' }) kind: string;
  @ApiPropertyOptional() label?: string;
  @ApiProperty(DATA) data: Record<string, unknown>;
}

/** One view of a network: nodes (with groups as parents), edges, and where people placed the nodes. */
export class TopologyResponse {
  @ApiProperty({ type: [GraphNodeResponse] }) nodes: GraphNodeResponse[];
  @ApiProperty({ type: [GraphEdgeResponse] }) edges: GraphEdgeResponse[];
  @ApiProperty({
    ...POSITIONS_SCHEMA,
    description:
      'The saved layout of this view, {x, y} by node id; {} when none. Ids of nodes no longer present may appear',
  })
  positions: Positions;
}
