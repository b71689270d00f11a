import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { AUTH_PROTOCOLS, PRIV_PROTOCOLS, REDACTED, SECURITY_LEVELS } from '../../domain/credential-type';

/** A secret as read back: an inline value is never answered, only the redaction marker. */
export class SecretResponse {
  @ApiProperty({ enum: ['Inline', 'FilePath'] }) mode: string;
  @ApiPropertyOptional({ enum: [REDACTED], description: 'Inline: always the marker' }) value?: string;
  @ApiPropertyOptional({ description: 'FilePath: where the secret is read from' }) path?: string;
}

export class SnmpCommunityResponse {
  @ApiProperty({ enum: ['SnmpV1', 'SnmpV2c'] }) type: string;
  @ApiProperty({ type: SecretResponse }) community: SecretResponse;
}

export class SnmpV3Response {
  @ApiProperty({ enum: ['SnmpV3'] }) type: string;
  @ApiProperty() security_name: string;
  @ApiProperty({ enum: SECURITY_LEVELS }) security_level: string;
  @ApiProperty({ enum: AUTH_PROTOCOLS, nullable: true }) auth_protocol: string | null;
  @ApiProperty({ type: SecretResponse, nullable: true }) auth_password: SecretResponse | null;
  @ApiProperty({ enum: PRIV_PROTOCOLS, nullable: true }) priv_protocol: string | null;
  @ApiProperty({ type: SecretResponse, nullable: true }) priv_password: SecretResponse | null;
  @ApiProperty({ type: String, nullable: true }) context_name: string | null;
}

export class HostAssignmentResponse {
  @ApiProperty({ format: 'uuid' }) host_id: string;
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: every address of the host' })
  ip_address_ids: string[] | null;
}

@ApiExtraModels(SnmpCommunityResponse, SnmpV3Response)
export class CredentialResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) description?: string | null;
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath(SnmpCommunityResponse) }, { $ref: getSchemaPath(SnmpV3Response) }] })
  credential_type: SnmpCommunityResponse | SnmpV3Response;
  @ApiProperty({ type: [String], format: 'uuid' }) assigned_network_ids: string[];
  @ApiProperty({ type: [HostAssignmentResponse] }) host_assignments: HostAssignmentResponse[];
  @ApiProperty({ type: [String], format: 'uuid' }) tags: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
