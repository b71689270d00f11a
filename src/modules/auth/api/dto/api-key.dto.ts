import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { EXAMPLE_ID, IsName, LIMITS } from '../../../../common/http/rules';
import { KEY_PERMISSIONS, type KeyPermission } from '../../domain/api-key';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';
import { IsDateTime } from '../../../../common/http/date-time';

export class CreateApiKeyDto {
  @IsName('Grafana exporter')
  name: string;

  @ApiPropertyOptional({ enum: KEY_PERMISSIONS, default: 'Viewer', example: 'Viewer' })
  @IsOptional()
  @IsIn(KEY_PERMISSIONS)
  permissions?: KeyPermission;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    nullable: true,
    description: 'null: every network you may access',
    example: [EXAMPLE_ID],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @IsUUID('all', { each: true })
  network_ids?: string[] | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2027-06-30T00:00:00Z' })
  @IsOptional()
  @IsDateTime()
  expires_at?: Date | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  is_enabled?: boolean;
}

@ReadOnly(...RECORD_FIELDS, 'organization_id', 'user_id', 'last_used_at')
export class UpdateApiKeyDto extends PartialType(CreateApiKeyDto) {}
