import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalText } from '../../../../common/http/rules';
import { DEVICE_TYPES, type DeviceType, type IdentityField } from '../../domain/identity/identity';

/** docs/inventory.md "Device identity": the fields a person or a discovery source may set. */
export class IdentityFieldsDto {
  @ApiPropertyOptional({ enum: [...DEVICE_TYPES], nullable: true })
  @IsOptional()
  @IsIn(DEVICE_TYPES)
  device_type?: DeviceType | null;

  @IsOptionalText() vendor?: string | null;
  @IsOptionalText() model?: string | null;
  @IsOptionalText() os?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'HQ / Building A / Floor 2' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  location?: string | null;
}

/** Per identity field, what discovery read it from (e.g. model: "ENTITY-MIB entPhysicalModelName"). */
export class IdentityEvidenceDto implements Partial<Record<IdentityField, string>> {
  @IsOptionalText() device_type?: string;
  @IsOptionalText() vendor?: string;
  @IsOptionalText() model?: string;
  @IsOptionalText() os?: string;
  @IsOptionalText() location?: string;
}

export class ObservedIdentityDto extends IdentityFieldsDto {
  @ApiPropertyOptional({ type: IdentityEvidenceDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => IdentityEvidenceDto)
  identity_evidence?: IdentityEvidenceDto;
}
