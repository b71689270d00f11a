import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsName } from '../../../../common/http/rules';

export class RegisterDto {
  @ApiProperty({ format: 'email', example: 'ops@example.com' })
  @IsEmail()
  @MaxLength(255)
  email: string;

  @ApiProperty({ minLength: 10, writeOnly: true, example: 'correct-horse-battery' })
  @IsString()
  @Length(10, 1024)
  password: string;

  @IsName('Ada Lovelace')
  name: string;

  @IsName('Acme Networks')
  organization_name: string;

  @ApiPropertyOptional({ type: String, maxLength: 255, nullable: true, example: 'homelab' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  use_case?: string | null;
}

export class LoginDto {
  @ApiProperty({ example: 'ops@example.com' })
  @IsString()
  @MaxLength(255)
  email: string;

  @ApiProperty({ writeOnly: true, example: 'correct-horse-battery' })
  @IsString()
  @MaxLength(1024)
  password: string;
}
