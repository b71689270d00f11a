import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { IsDateTime } from '../../../../common/http/date-time';
import { EXAMPLE_ID } from '../../../../common/http/rules';

/** GET /api/v1/topology/path: two hosts of one network, live or as of `at`. */
export class PathQueryDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @ApiProperty({ format: 'uuid', description: 'The host the path starts at' })
  @IsUUID()
  from: string;

  @ApiProperty({ format: 'uuid', description: 'The host the path ends at' })
  @IsUUID()
  to: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'The instant; absent: now' })
  @IsOptional()
  @IsDateTime()
  at?: Date;
}
