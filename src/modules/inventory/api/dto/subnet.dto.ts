import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AsOfPageQueryDto } from '../../../../common/http/as-of';
import { IsOptionalDescription, LIMITS } from '../../../../common/http/rules';
import { ReadOnly, RECORD_FIELDS, VERSION_FIELDS } from '../../../../common/http/read-only';

@ReadOnly(...RECORD_FIELDS, ...VERSION_FIELDS, 'organization_id')
export class SubnetBodyDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  network_id: string;

  @ApiProperty({ example: '192.168.1.0/24' })
  @IsString()
  @MaxLength(64)
  cidr: string;

  @ApiPropertyOptional({ type: String, maxLength: LIMITS.name, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name)
  name?: string | null;

  @IsOptionalDescription()
  description?: string | null;
}

/** network_id and at (as-of instant) on top of paging: shared by the inventory lists. */
export class InventoryListQueryDto extends AsOfPageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;
}
