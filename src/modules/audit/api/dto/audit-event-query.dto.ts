import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import type { ActorType } from '../../../../common/audit/audit-trail';
import { IsDateTime } from '../../../../common/http/date-time';
import { PageQueryDto } from '../../../../common/http/pagination';
import { ACTOR_TYPES } from '../../domain/audit-event';

const NAME = /^[a-z][a-z0-9_.]{0,63}$/;

/** GET /api/v1/audit-events: paging and the filters, all optional and combined with AND. */
export class AuditEventQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ACTOR_TYPES })
  @IsOptional()
  @IsIn(ACTOR_TYPES)
  actor_type?: ActorType;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  actor_id?: string;

  @ApiPropertyOptional({ example: 'host' })
  @IsOptional()
  @Matches(NAME, { message: 'resource_type must be a resource type such as host' })
  resource_type?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  resource_id?: string;

  @ApiPropertyOptional({ example: 'update' })
  @IsOptional()
  @Matches(NAME, { message: 'action must be an action such as update' })
  action?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Events at or after this instant' })
  @IsOptional()
  @IsDateTime()
  from?: Date;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Events before this instant' })
  @IsOptional()
  @IsDateTime()
  to?: Date;
}
