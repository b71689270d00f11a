import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { type SsoRole, SSO_ROLES } from '../../domain/sso-settings';

/** A DNS name of two labels or more (no wildcard, no trailing dot). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class RoleMappingDto {
  @ApiProperty({ example: 'netatlas-admins', description: 'A value of the role claim' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  value: string;

  @ApiProperty({ enum: SSO_ROLES, example: 'Admin' })
  @IsIn(SSO_ROLES)
  role: SsoRole;
}

export class SsoSettingsDto {
  @ApiProperty({
    type: String,
    isArray: true,
    example: ['example.com'],
    description: 'Email domains this organization claims; each belongs to one organization at most (else 409)',
  })
  @IsArray()
  @ArrayMaxSize(50)
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)))] : value,
  )
  @Matches(DOMAIN, { each: true, message: 'each of email_domains must be a domain name such as example.com' })
  email_domains: string[];

  @ApiProperty({ description: 'Create a user at the first single sign-on of an unknown email of a claimed domain' })
  @IsBoolean()
  create_users: boolean;

  @ApiProperty({ enum: SSO_ROLES, description: 'Role of a created user whom no mapping matches' })
  @IsIn(SSO_ROLES)
  default_role: SsoRole;

  @ApiProperty({ type: String, nullable: true, example: 'groups', description: 'ID token claim the mappings read' })
  @ValidateIf((dto: SsoSettingsDto) => dto.role_claim !== null || dto.role_mappings?.length > 0)
  @IsString({ context: { required: 'role_claim is required when role_mappings is not empty' } })
  @Matches(/^[A-Za-z0-9_:./-]{1,100}$/, { message: 'role_claim must be a claim name such as groups' })
  role_claim: string | null;

  @ApiProperty({ type: RoleMappingDto, isArray: true, description: 'The highest role among the matches wins' })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RoleMappingDto)
  role_mappings: RoleMappingDto[];

  @ApiProperty({ description: 'false: members sign in through single sign-on only (password login answers 403)' })
  @IsBoolean()
  password_sign_in: boolean;
}
