import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsIn, IsObject, IsOptional, IsUUID, ValidateIf, ValidateNested } from 'class-validator';
import { AsOfPageQueryDto } from '../../../../common/http/as-of';
import {
  EXAMPLE_ID,
  IsName,
  IsOptionalDescription,
  IsUuidArray,
  LIMITS,
  QueryList,
} from '../../../../common/http/rules';
import { COLORS } from '../../../tenancy';
import { DEPENDENCY_TYPES, EDGE_STYLES, MEMBER_TYPES, type MemberType } from '../../domain/dependency';
import { ReadOnly, RECORD_FIELDS, VERSION_FIELDS } from '../../../../common/http/read-only';

export class MembersDto {
  @ApiProperty({ enum: MEMBER_TYPES, example: 'Services' })
  @IsIn(MEMBER_TYPES)
  type: MemberType;

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'For type Services, in order' })
  @ValidateIf((m: MembersDto) => m.type === 'Services' || m.service_ids !== undefined)
  @IsUuidArray()
  service_ids?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', description: 'For type Bindings, in order' })
  @ValidateIf((m: MembersDto) => m.type === 'Bindings' || m.binding_ids !== undefined)
  @IsUuidArray()
  binding_ids?: string[];
}

@ReadOnly(...RECORD_FIELDS, ...VERSION_FIELDS, 'organization_id')
export class DependencyBodyDto {
  @IsName('Web request path') name: string;
  @IsOptionalDescription('From the reverse proxy to the database') description?: string | null;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @ApiProperty({ enum: COLORS, example: 'Blue' })
  @IsIn(COLORS)
  color: string;

  @ApiProperty({ enum: DEPENDENCY_TYPES, example: 'RequestPath' })
  @IsIn(DEPENDENCY_TYPES)
  dependency_type: string;

  @ApiProperty({ enum: EDGE_STYLES, example: 'SmoothStep' })
  @IsIn(EDGE_STYLES)
  edge_style: string;

  @ApiProperty({ type: MembersDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MembersDto)
  members: MembersDto;

  @IsUuidArray(LIMITS.tags) tags: string[];

  @ApiPropertyOptional({ description: 'Ignored: set to {type: Manual}' })
  @IsOptional()
  @IsObject()
  source?: object;
}

export class DependencyListQueryDto extends AsOfPageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;

  @ApiPropertyOptional({ type: [String], description: 'Dependencies with ANY of these tags (repeated or comma list)' })
  @IsOptional()
  @QueryList()
  @IsArray()
  @IsUUID('all', { each: true })
  tag_ids?: string[];
}
