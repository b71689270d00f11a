import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { QueryBoolean } from '../../../../common/http/rules';

export class EventStreamQueryDto {
  @ApiPropertyOptional({
    pattern: '^\\d{1,18}$',
    description: 'Send the events after this event id (as Last-Event-ID does); absent: only new events',
  })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'after must be an event id (digits)' })
  after?: string;

  @ApiPropertyOptional({ default: true, description: 'false: send the stored events after `after`, then end' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  follow?: boolean;
}
