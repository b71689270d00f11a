import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsName } from '../../../../common/http/rules';
import { type Color, COLORS } from '../../domain/tag';

export class TagBodyDto {
  @IsName()
  name: string;

  @ApiPropertyOptional({ enum: COLORS, default: 'Gray' })
  @IsOptional()
  @IsIn(COLORS)
  color?: Color;
}
