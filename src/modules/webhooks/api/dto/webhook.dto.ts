import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsUrl,
  MaxLength,
} from 'class-validator';
import { IsOptionalDescription } from '../../../../common/http/rules';
import { EVENT_TYPES, type EventType } from '../../domain/event';

/** Create and replace (PUT) take the same body. */
export class WebhookBodyDto {
  @ApiProperty({ maxLength: 2048, example: 'https://hooks.example.com/netatlas' })
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
  @MaxLength(2048)
  url: string;

  @ApiProperty({ enum: EVENT_TYPES, isArray: true, example: ['host.created', 'host.deleted'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(EVENT_TYPES, { each: true })
  events: EventType[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @IsOptionalDescription('Ticketing system')
  description?: string | null;
}
