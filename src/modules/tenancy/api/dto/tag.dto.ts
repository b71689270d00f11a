import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsName } from '../../../../common/http/rules';
import { type Color, COLORS } from '../../domain/tag';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';

@ReadOnly(...RECORD_FIELDS, 'organization_id')
export class TagBodyDto {
  @IsName('Production')
  name: string;

  @ApiPropertyOptional({ enum: COLORS, default: 'Gray', example: 'Emerald' })
  @IsOptional()
  @IsIn(COLORS)
  color?: Color;
}
