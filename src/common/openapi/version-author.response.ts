import { ApiProperty } from '@nestjs/swagger';

/** Who made a version of a versioned record, from the audit trail (docs/audit.md). */
export class VersionAuthorResponse {
  @ApiProperty({ enum: ['user', 'api_key', 'discovery_run', 'discovery_schedule', 'share'] }) type: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The person behind a key or a run' })
  user_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) request_id: string | null;
}

/** `changed_by` of a history entry: null for versions written before the audit trail. */
export const ChangedBy = (): PropertyDecorator =>
  ApiProperty({ type: VersionAuthorResponse, nullable: true, description: 'Who made this version' });
