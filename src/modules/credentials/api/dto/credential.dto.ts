import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../../common/http/pagination';
import { IsName, IsOptionalDescription, IsUuidArray, LIMITS } from '../../../../common/http/rules';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';

export class HostAssignmentDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  host_id: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    nullable: true,
    description: 'null: every IP address of the host',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @IsUUID('all', { each: true })
  ip_address_ids?: string[] | null;
}

/** The spec's Credential update body; POST takes the same. */
@ReadOnly(...RECORD_FIELDS)
export class CredentialBodyDto {
  @IsName()
  name: string;

  @IsOptionalDescription()
  description?: string | null;

  @ApiProperty({ format: 'uuid', description: 'Must be your organization' })
  @IsUUID()
  organization_id: string;

  @ApiProperty({
    description:
      'Tagged by type: SnmpV1/SnmpV2c {community}, SnmpV3 {security_name, security_level, auth_protocol, auth_password, priv_protocol, priv_password, context_name}; each secret {mode: Inline, value} or {mode: FilePath, path}',
    example: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'public' } },
  })
  @IsObject()
  credential_type: Record<string, unknown>;

  @IsUuidArray()
  assigned_network_ids: string[];

  @ApiProperty({ type: HostAssignmentDto, isArray: true })
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @ValidateNested({ each: true })
  @Type(() => HostAssignmentDto)
  host_assignments: HostAssignmentDto[];

  @IsUuidArray(LIMITS.tags)
  tags: string[];
}

export class CredentialListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Credentials assigned to this network or to a host in it' })
  @IsOptional()
  @IsUUID()
  network_id?: string;
}
