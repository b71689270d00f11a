import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AsOfPageQueryDto } from '../../../../common/http/as-of';
import { LIMITS, QueryBoolean, QueryList } from '../../../../common/http/rules';
import { DEVICE_TYPES } from '../../domain/identity/identity';
import { HOST_ORDER_FIELDS, type HostOrderField, ORDER_DIRECTIONS, type OrderDirection } from '../../domain/enums';

export class HostListQueryDto extends AsOfPageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;

  @ApiPropertyOptional({ type: [String], description: 'Repeated or comma-separated host ids' })
  @IsOptional()
  @QueryList()
  @IsArray()
  @IsUUID('all', { each: true })
  ids?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Hosts with ANY of these tags' })
  @IsOptional()
  @QueryList()
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

  @ApiPropertyOptional()
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  stale?: boolean;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...DEVICE_TYPES] },
    description: 'Hosts of ANY of these device types (repeated or comma-separated)',
  })
  @IsOptional()
  @QueryList()
  @IsArray()
  @IsIn(DEVICE_TYPES, { each: true })
  device_type?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Hosts of ANY of these vendors, compared without case' })
  @IsOptional()
  @QueryList()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(LIMITS.name, { each: true })
  vendor?: string[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  include_children?: boolean;
}
