import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto } from '../../../../common/http/pagination';
import { IsName, IsOptionalDescription, IsOptionalUuidArray, LIMITS } from '../../../../common/http/rules';
import { IntInRange } from '../../../../common/http/validation';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';

@ReadOnly(...RECORD_FIELDS, 'organization_id', 'effective_stale_after_hours')
export class NetworkBodyDto {
  @IsName('Office LAN')
  name: string;

  @IsOptionalDescription('Desks, printers and the server rack on the first floor')
  description?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 87_600,
    nullable: true,
    description: 'null: 672 hours (28 days)',
    example: 168,
  })
  @IsOptional()
  @Type(() => Number)
  @IntInRange(1, 87_600)
  stale_after_hours?: number | null;

  @IsOptionalUuidArray(LIMITS.tags)
  tags?: string[];
}

export class NetworkListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;
}
