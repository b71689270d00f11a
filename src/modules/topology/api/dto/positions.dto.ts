import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID, ValidateBy } from 'class-validator';
import { EXAMPLE_ID } from '../../../../common/http/rules';
import { type View, VIEWS } from '../../domain/graph';
import { POSITION_LIMITS, type Positions, positionsProblem } from '../../domain/positions';

/** The OpenAPI schema of a positions map: {x, y} by node id. */
export const POSITIONS_SCHEMA = {
  type: 'object' as const,
  additionalProperties: {
    type: 'object' as const,
    required: ['x', 'y'],
    properties: { x: { type: 'number' as const }, y: { type: 'number' as const } },
  },
  example: { [EXAMPLE_ID]: { x: 120.5, y: -40 } },
};

export class PositionsScopeDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @ApiProperty({ enum: VIEWS })
  @IsIn(VIEWS)
  view: View;
}

export class PositionsBodyDto extends PositionsScopeDto {
  @ApiProperty({
    ...POSITIONS_SCHEMA,
    maxProperties: POSITION_LIMITS.entries,
    description: `Merged into the saved layout: named nodes move, others keep their place. At most ${POSITION_LIMITS.entries} entries; node ids 1..${POSITION_LIMITS.nodeId} characters; x and y finite numbers.`,
  })
  @ValidateBy(
    { name: 'isPositionMap', validator: { validate: (value: unknown) => positionsProblem(value) === null } },
    { message: ({ value }) => positionsProblem(value) ?? 'positions is invalid' },
  )
  positions: Positions;
}

export class PositionsResponse {
  @ApiProperty({ ...POSITIONS_SCHEMA, description: 'The saved layout of the view, {x, y} by node id' })
  positions: Positions;
}
