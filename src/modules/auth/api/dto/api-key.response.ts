import { ApiProperty } from '@nestjs/swagger';
import { KEY_PERMISSIONS } from '../../domain/api-key';

export class ApiKeyResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ enum: KEY_PERMISSIONS }) permissions: string;
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: every network of its owner' })
  network_ids: string[] | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at: string | null;
  @ApiProperty() is_enabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_used_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The create and rotate answers: the only ones that carry the secret. */
export class ApiKeyWithSecretResponse extends ApiKeyResponse {
  @ApiProperty({ pattern: '^nta_[A-Za-z0-9_-]{43}$' }) key: string;
}
