import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsDate, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../../common/http/pagination';
import { LIMITS } from '../../../../common/http/rules';
import { HOST_ORDER_FIELDS, type HostOrderField, ORDER_DIRECTIONS, type OrderDirection } from '../../domain/enums';

/** Repeated params (`ids=a&ids=b`) and comma lists (`ids=a,b`) alike. */
const List = () =>
  Transform(({ value }: { value: unknown }) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  );
const Bool = () =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export class HostListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;

  @ApiPropertyOptional({ type: [String], description: 'Repeated or comma-separated host ids' })
  @IsOptional()
  @List()
  @IsArray()
  @IsUUID('all', { each: true })
  ids?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Hosts with ANY of these tags' })
  @IsOptional()
  @List()
  @IsArray()
  @IsUUID('all', { each: true })
  tag_ids?: string[];

  @ApiPropertyOptional({
    description: 'Case-insensitive substring of name, hostname, description, IP addresses, service names',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name)
  search?: string;

  @ApiPropertyOptional({ enum: HOST_ORDER_FIELDS })
  @IsOptional()
  @IsIn(HOST_ORDER_FIELDS)
  group_by?: HostOrderField;

  @ApiPropertyOptional({ enum: HOST_ORDER_FIELDS })
  @IsOptional()
  @IsIn(HOST_ORDER_FIELDS)
  order_by?: HostOrderField;

  @ApiPropertyOptional({ enum: ORDER_DIRECTIONS, default: 'asc' })
  @IsOptional()
  @IsIn(ORDER_DIRECTIONS)
  order_direction?: OrderDirection;

  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  at?: Date;

  @ApiPropertyOptional()
  @IsOptional()
  @Bool()
  @IsBoolean()
  stale?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @Bool()
  @IsBoolean()
  include_children?: boolean;
}

export class AtQueryDto {
  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  at?: Date;
}
