import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ChangedBy, type VersionAuthorResponse } from '../../../../common/openapi/version-author.response';
import { SourceResponse } from '../../../inventory';
import { DEPENDENCY_TYPES, EDGE_STYLES, MEMBER_TYPES } from '../../domain/dependency';

export class DependencyMembersResponse {
  @ApiProperty({ enum: MEMBER_TYPES }) type: string;
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'With type Services' }) service_ids?: string[];
  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'With type Bindings' }) binding_ids?: string[];
}

export class DependencyResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) network_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() color: string;
  @ApiProperty({ enum: DEPENDENCY_TYPES }) dependency_type: string;
  @ApiProperty({ enum: EDGE_STYLES }) edge_style: string;
  @ApiProperty({ type: DependencyMembersResponse }) members: DependencyMembersResponse;
  @ApiProperty({ type: [String], format: 'uuid' }) tags: string[];
  @ApiProperty({ type: SourceResponse }) source: SourceResponse;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) lineage_id: string | null;
  @ApiProperty({ format: 'date-time' }) valid_from: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) valid_to: string | null;
}

export class DependencyVersionResponse extends DependencyResponse {
  @ChangedBy() changed_by: VersionAuthorResponse | null;
}
