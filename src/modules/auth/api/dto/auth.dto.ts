import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsName } from '../../../../common/http/rules';

export class RegisterDto {
  @ApiProperty({ format: 'email' })
  @IsEmail()
  @MaxLength(255)
  email: string;

  @ApiProperty({ minLength: 10, writeOnly: true })
  @IsString()
  @Length(10, 1024)
  password: string;

  @IsName()
  name: string;

  @IsName()
  organization_name: string;

  @ApiPropertyOptional({ type: String, maxLength: 255, nullable: true, example: 'homelab' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  use_case?: string | null;
}

export class LoginDto {
  @ApiProperty()
  @IsString()
  @MaxLength(255)
  email: string;

  @ApiProperty({ writeOnly: true })
  @IsString()
  @MaxLength(1024)
  password: string;
}
