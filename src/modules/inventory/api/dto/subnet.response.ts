import { ApiProperty } from '@nestjs/swagger';
import { ChangedBy, type VersionAuthorResponse } from '../../../../common/openapi/version-author.response';

export class SubnetResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ format: 'uuid' }) network_id: string;
  @ApiProperty({ example: '192.168.1.0/24' }) cidr: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ format: 'date-time' }) valid_from: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) valid_to: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) lineage_id: string | null;
}

export class SubnetVersionResponse extends SubnetResponse {
  @ChangedBy() changed_by: VersionAuthorResponse | null;
}
