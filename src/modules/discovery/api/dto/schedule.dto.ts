import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsName } from '../../../../common/http/rules';
import { RunBodyDto } from './run.dto';

export class ScheduleBodyDto extends RunBodyDto {
  @IsName() name: string;

  @ApiProperty({ example: '0 3 * * *', description: 'Five-field cron, in UTC' })
  @IsString()
  @MaxLength(100)
  cron: string;

  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() enabled?: boolean;
}
