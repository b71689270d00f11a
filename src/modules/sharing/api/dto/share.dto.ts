import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsFQDN,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../../common/http/pagination';
import { EXAMPLE_ID, IsName } from '../../../../common/http/rules';
import { type View, VIEWS } from '../../../topology';
import { ReadOnly, RECORD_FIELDS } from '../../../../common/http/read-only';
import { IsDateTime } from '../../../../common/http/date-time';

export class ShareOptionsDto {
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() show_export_button?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() show_inspect_panel?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() show_minimap?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() show_zoom_controls?: boolean;
}

@ReadOnly(...RECORD_FIELDS, 'requires_password')
export class ShareBodyDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @IsName('Office map for the wiki') name: string;

  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() is_enabled?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsDateTime()
  expires_at?: Date | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Host names allowed to embed the share; null: any',
    example: ['wiki.example.com'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsFQDN({ require_tld: false }, { each: true })
  allowed_domains?: string[] | null;

  @ApiPropertyOptional({
    type: String,
    writeOnly: true,
    nullable: true,
    description: 'null removes the password; absent keeps it',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  password?: string | null;

  @ApiPropertyOptional({ enum: VIEWS, isArray: true, default: ['L3Logical'] })
  @IsOptional()
  @IsArray()
  @IsIn(VIEWS, { each: true })
  enabled_views?: View[];

  @ApiPropertyOptional({ type: ShareOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ShareOptionsDto)
  options?: ShareOptionsDto;
}

export class ShareListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;
}

export class VerifyShareDto {
  @ApiProperty({ writeOnly: true, example: 'correct-horse-battery' })
  @IsString()
  @Length(0, 1024)
  password: string;
}

export class PublicTopologyDto {
  @ApiProperty({ enum: VIEWS, example: 'L3Logical' })
  @IsIn(VIEWS)
  view: View;

  @ApiPropertyOptional({ description: 'From POST .../verify, for shares with a password' })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  access_token?: string;
}
