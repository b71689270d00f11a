import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsIP,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  EXAMPLE_ID,
  IsMac,
  IsOptionalChildren,
  IsOptionalMac,
  IsOptionalText,
  IsOptionalInt32,
  IsOptionalBigIntSafe,
  LIMITS,
} from '../../../../common/http/rules';
import { IntInRange } from '../../../../common/http/validation';
import { LEARNED_VIA, LINK_STATUSES, PORT_PROTOCOLS, VIRTUALIZATION_TYPES } from '../../domain/enums';
import { IsDateTime } from '../../../../common/http/date-time';
import { ObservedIdentityDto } from './identity.dto';

export class ObservedIpDto {
  @ApiProperty({ example: '192.168.1.10' }) @IsIP() ip_address: string;
  @IsOptionalMac() mac_address?: string;
}

export class ObservedVirtualizationDto {
  @ApiProperty({ enum: VIRTUALIZATION_TYPES }) @IsIn(VIRTUALIZATION_TYPES) type: 'Vm' | 'Container';
  @ApiProperty({
    example: '10.208.0.10',
    description: 'An address of the hypervisor or container host: a host of the network, or of this batch',
  })
  @IsIP()
  host_ip: string;
}

export class ObservedPortDto {
  @ApiProperty({ example: 22 }) @IntInRange(0, 65535) number: number;
  @ApiProperty({ enum: PORT_PROTOCOLS }) @IsIn(PORT_PROTOCOLS) protocol: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^[A-Z][A-Za-z0-9]{0,63}$/) type?: string;
}

export class ServiceSourceMetadataDto {
  @IsOptionalText() product?: string;
  @IsOptionalText() version?: string;
  @ApiProperty({ minLength: 1, maxLength: LIMITS.name, example: 'Server: nginx/1.25.3' })
  @IsString()
  @Length(1, LIMITS.name)
  evidence: string;
}

export class ObservedServiceDto {
  @ApiProperty() @IsString() @MaxLength(LIMITS.name) name: string;
  @ApiProperty() @IsString() @MaxLength(LIMITS.name) service_definition: string;
  @ApiPropertyOptional({ description: 'The observed port it listens on (binds the service to it)' })
  @IsOptional()
  @IntInRange(0, 65535)
  port?: number;
  @ApiPropertyOptional({ enum: PORT_PROTOCOLS }) @IsOptional() @IsIn(PORT_PROTOCOLS) protocol?: string;
  @ApiPropertyOptional({
    type: ServiceSourceMetadataDto,
    description: "How it was identified; stored as the service's source {type: Discovery, metadata} on every sighting",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ServiceSourceMetadataDto)
  source_metadata?: ServiceSourceMetadataDto;
}

export class LearnedAddressDto {
  @IsMac() mac_address: string;
  @ApiPropertyOptional() @IsOptional() @IsIP() ip_address?: string;
  @ApiProperty({ enum: LEARNED_VIA }) @IsIn(LEARNED_VIA) via: (typeof LEARNED_VIA)[number];
}

export class ObservedInterfaceDto {
  @IsOptionalInt32() if_index?: number;
  @IsOptionalText() if_name?: string;
  @IsOptionalText(LIMITS.description) if_descr?: string;
  @IsOptionalText() if_alias?: string;
  @IsOptionalInt32() if_type?: number;
  @IsOptionalBigIntSafe('bits per second') speed_bps?: number;
  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) admin_status?: string;
  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) oper_status?: string;
  @IsOptionalMac() mac_address?: string;
  @ApiPropertyOptional() @IsOptional() @IsIP() ip_address?: string;
  @IsOptionalText() lldp_chassis_id?: string;
  @IsOptionalText() lldp_mgmt_addr?: string;
  @IsOptionalText() lldp_port_desc?: string;
  @IsOptionalText() lldp_port_id?: string;
  @IsOptionalText(LIMITS.description) lldp_sys_desc?: string;
  @IsOptionalText() lldp_sys_name?: string;
  @IsOptionalText() cdp_address?: string;
  @IsOptionalText() cdp_device_id?: string;
  @IsOptionalText() cdp_platform?: string;
  @IsOptionalText() cdp_port_id?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'What the LLDP/CDP neighbour announces (Bridge, Router, Station, ...); not stored',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  neighbor_capabilities?: string[];

  @IsOptionalChildren(() => LearnedAddressDto)
  learned?: LearnedAddressDto[];
}

export class ObservedHostDto extends ObservedIdentityDto {
  @IsOptionalText() name?: string;
  @IsOptionalText() hostname?: string;
  @ApiPropertyOptional({ maxLength: LIMITS.description, description: 'Only for hosts this observation creates' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.description)
  description?: string;
  @IsOptionalMac() mac?: string;

  @ApiProperty({ type: ObservedIpDto, isArray: true })
  @IsArray()
  @ArrayMaxSize(LIMITS.array)
  @ValidateNested({ each: true })
  @Type(() => ObservedIpDto)
  ip_addresses: ObservedIpDto[];

  @IsOptionalChildren(() => ObservedPortDto) ports?: ObservedPortDto[];
  @IsOptionalChildren(() => ObservedServiceDto) services?: ObservedServiceDto[];
  @IsOptionalChildren(() => ObservedInterfaceDto) interfaces?: ObservedInterfaceDto[];

  @ApiPropertyOptional({
    type: ObservedVirtualizationDto,
    description: 'A VM or container: what it runs on. Absent leaves what the host has',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ObservedVirtualizationDto)
  virtualization?: ObservedVirtualizationDto;
}

export class ObservationBatchDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) @IsUUID() network_id: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-23T09:30:00Z' })
  @IsDateTime()
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
