import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { type Role, ROLES } from '../../../../common/auth/tenant-context';
import { IsName, IsOptionalUuidArray, LIMITS } from '../../../../common/http/rules';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';

export class CreateUserDto {
  @ApiProperty({ format: 'email', example: 'ops@example.com' })
  @IsEmail()
  @MaxLength(LIMITS.name)
  email: string;

  @IsName('Ada Lovelace')
  name: string;

  @ApiProperty({ enum: ROLES, example: 'Member' })
  @IsIn(ROLES)
  role: Role;

  @IsOptionalUuidArray()
  network_ids?: string[];

  @ApiProperty({ minLength: 10, writeOnly: true, example: 'correct-horse-battery' })
  @IsString()
  @Length(10, 1024)
  password: string;
}

@ReadOnly(...RECORD_FIELDS, 'organization_id', 'job_title')
export class UpdateUserDto extends PartialType(CreateUserDto) {}
