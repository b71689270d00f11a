import { ApiProperty } from '@nestjs/swagger';
import { ACTOR_TYPES } from '../../domain/audit-event';

export class AuditActorResponse {
  @ApiProperty({ enum: ACTOR_TYPES }) type: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The person behind a key or a run' })
  user_id: string | null;
}

export class AuditEventResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) occurred_at: string;
  @ApiProperty({ type: AuditActorResponse }) actor: AuditActorResponse;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) request_id: string | null;
  @ApiProperty({ type: String, nullable: true }) client_address: string | null;
  @ApiProperty({ example: 'host' }) resource_type: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) resource_id: string | null;
  @ApiProperty({ example: 'update' }) action: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) network_id: string | null;
  @ApiProperty({ type: Object, nullable: true, description: 'As it was (changed fields only for an update)' })
  before: object | null;
  @ApiProperty({ type: Object, nullable: true, description: 'As it is (changed fields only for an update)' })
  after: object | null;
}
