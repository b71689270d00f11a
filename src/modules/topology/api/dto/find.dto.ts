import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsDateTime } from '../../../../common/http/date-time';
import { EXAMPLE_ID } from '../../../../common/http/rules';
import { type View, VIEWS } from '../../domain/graph';

/** GET /api/v1/topology/find: a text to find in one view of a network, live or as of `at`. */
export class FindQueryDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @ApiProperty({ enum: VIEWS })
  @IsIn(VIEWS)
  view: View;

  @ApiProperty({
    minLength: 1,
    maxLength: 255,
    description: 'Name, hostname, address, MAC (any notation) or interface name',
  })
  @IsString()
  @Length(1, 255)
  q: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'The instant; absent: now' })
  @IsOptional()
  @IsDateTime()
  at?: Date;
}

export class FindMatchResponse {
  @ApiProperty({ description: 'The matching node (a host, an interface, a subnet, a service)' }) id: string;
  @ApiProperty() kind: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['name', 'hostname', 'address', 'mac', 'interface'] }) matched_on: string;
  @ApiProperty({ description: 'The text that matched' }) text: string;
  @ApiProperty({ description: 'The node to select and centre: the host of an interface, else the node' })
  node_id: string;
  @ApiProperty({ type: [String], description: 'Group ids to add to expand so that the node is drawn' })
  open: string[];
}
