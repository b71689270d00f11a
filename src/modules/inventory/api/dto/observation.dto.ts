import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { LIMITS } from '../../../../common/http/rules';
import { IntInRange } from '../../../../common/http/validation';
import { LINK_STATUSES, PORT_PROTOCOLS } from '../../domain/enums';

const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
const Mac = () =>
  applyDecorators(
    ApiPropertyOptional({ example: '00:11:22:33:44:55' }),
    IsOptional(),
    Matches(MAC, { message: '$property must be a MAC address' }),
  );
const Text = (max: number = LIMITS.name) =>
  applyDecorators(ApiPropertyOptional({ maxLength: max }), IsOptional(), IsString(), MaxLength(max));
const List = (type: () => new () => object, max: number = LIMITS.array) =>
  applyDecorators(
    ApiPropertyOptional({ type, isArray: true }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(max),
    ValidateNested({ each: true }),
    Type(type),
  );

export class ObservedIpDto {
  @ApiProperty() @IsIP() ip_address: string;
  @Mac() mac_address?: string;
}

export class ObservedPortDto {
  @ApiProperty() @IntInRange(0, 65535) number: number;
  @ApiProperty({ enum: PORT_PROTOCOLS }) @IsIn(PORT_PROTOCOLS) protocol: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^[A-Z][A-Za-z0-9]{0,63}$/) type?: string;
}

export class ObservedServiceDto {
  @ApiProperty() @IsString() @MaxLength(LIMITS.name) name: string;
  @ApiProperty() @IsString() @MaxLength(LIMITS.name) service_definition: string;
  @ApiPropertyOptional({ description: 'The observed port it listens on (binds the service to it)' })
  @IsOptional()
  @IntInRange(0, 65535)
  port?: number;
  @ApiPropertyOptional({ enum: PORT_PROTOCOLS }) @IsOptional() @IsIn(PORT_PROTOCOLS) protocol?: string;
}

export class ObservedInterfaceDto {
  @ApiPropertyOptional() @IsOptional() @IsInt() if_index?: number;
  @Text() if_name?: string;
  @Text(LIMITS.description) if_descr?: string;
  @Text() if_alias?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() if_type?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() speed_bps?: number;
  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) admin_status?: string;
  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) oper_status?: string;
  @Mac() mac_address?: string;
  @ApiPropertyOptional() @IsOptional() @IsIP() ip_address?: string;
  @Text() lldp_chassis_id?: string;
  @Text() lldp_mgmt_addr?: string;
  @Text() lldp_port_desc?: string;
  @Text() lldp_port_id?: string;
  @Text(LIMITS.description) lldp_sys_desc?: string;
  @Text() lldp_sys_name?: string;
  @Text() cdp_address?: string;
  @Text() cdp_device_id?: string;
  @Text() cdp_platform?: string;
  @Text() cdp_port_id?: string;
}

export class ObservedHostDto {
  @Text() name?: string;
  @Text() hostname?: string;
  @Mac() mac?: string;

  @ApiProperty({ type: ObservedIpDto, isArray: true })
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @ValidateNested({ each: true })
  @Type(() => ObservedIpDto)
  ip_addresses: ObservedIpDto[];

  @List(() => ObservedPortDto) ports?: ObservedPortDto[];
  @List(() => ObservedServiceDto) services?: ObservedServiceDto[];
  @List(() => ObservedInterfaceDto) interfaces?: ObservedInterfaceDto[];
}

export class ObservationBatchDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() network_id: string;

  @ApiProperty({ type: String, format: 'date-time' })
  @Type(() => Date)
  @IsDate()
  observed_at: Date;

  @ApiPropertyOptional({ format: 'uuid', description: 'The discovery run; a new id when absent' })
  @IsOptional()
  @IsUUID()
  discovery_id?: string;

  @ApiProperty({ type: ObservedHostDto, isArray: true })
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @ValidateNested({ each: true })
  @Type(() => ObservedHostDto)
  hosts: ObservedHostDto[];
}
