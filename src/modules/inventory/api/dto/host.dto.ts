import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsIP,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IntInRange } from '../../../../common/http/validation';
import {
  EXAMPLE_ID,
  IsName,
  IsOptionalChildren,
  IsOptionalDescription,
  IsOptionalMac,
  IsOptionalText,
  IsOptionalUuidArray,
  IsOptionalInt32,
  IsOptionalBigIntSafe,
  INT32,
  IsBoundedObject,
  LIMITS,
} from '../../../../common/http/rules';
import {
  BINDING_TYPES,
  LINK_PROVENANCES,
  type LinkProvenance,
  LINK_STATUSES,
  PORT_PROTOCOLS,
  VIRTUALIZATION_TYPES,
} from '../../domain/enums';
import { IdentityFieldsDto } from './identity.dto';
import { ReadOnly, OBSERVED_FIELDS, RECORD_FIELDS, VERSION_FIELDS } from '../../../../common/http/read-only';

/** What GET answers on each child of a host, besides its own id (which a PUT matches children by). */
const CHILD_FIELDS = ['host_id', 'network_id', 'created_at', 'updated_at', ...VERSION_FIELDS, ...OBSERVED_FIELDS];

/** docs/inventory.md: a virtualization's details are small, shallow notes (16 KiB, 8 levels). */
export const DETAILS_LIMITS = { bytes: 16 * 1024, depth: 8 } as const;

const OptionalId = () =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uuid', description: 'Existing id to update, or a new client-chosen id' }),
    IsOptional(),
    IsUUID(),
  );

export class VirtualizationDto {
  @ApiProperty({ enum: VIRTUALIZATION_TYPES })
  @IsIn(VIRTUALIZATION_TYPES)
  type: string;

  @ApiProperty({ format: 'uuid', description: 'The hypervisor or container host' })
  @IsUUID()
  host_id: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `Free-form; at most ${DETAILS_LIMITS.bytes} bytes as JSON and ${DETAILS_LIMITS.depth} levels deep. Not shown in topology graphs (nor on shares).`,
  })
  @IsOptional()
  @IsBoundedObject(DETAILS_LIMITS.bytes, DETAILS_LIMITS.depth)
  details?: Record<string, unknown>;
}

@ReadOnly(...CHILD_FIELDS)
export class IpAddressDto {
  @OptionalId() id?: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  subnet_id: string;

  @ApiProperty({ example: '192.168.1.10' })
  @IsIP()
  ip_address: string;

  @IsOptionalMac()
  mac_address?: string;

  @IsOptionalText() name?: string;

  @IsOptionalInt32(INT32.min) position?: number;
}

@ReadOnly(...CHILD_FIELDS)
export class PortDto {
  @OptionalId() id?: string;

  @ApiProperty({ minimum: 0, maximum: 65535 })
  @IntInRange(0, 65535)
  number: number;

  @ApiProperty({ enum: PORT_PROTOCOLS })
  @IsIn(PORT_PROTOCOLS)
  protocol: string;

  @ApiProperty({ example: 'Http', description: 'Http, Https, Ssh, Custom, ...' })
  @IsString()
  @Matches(/^[A-Z][A-Za-z0-9]{0,63}$/, { message: 'type must be a PascalCase word such as Http or Custom' })
  type: string;
}

@ReadOnly('service_id', ...CHILD_FIELDS)
export class BindingDto {
  @OptionalId() id?: string;

  @ApiProperty({ enum: BINDING_TYPES })
  @IsIn(BINDING_TYPES)
  type: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  ip_address_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  port_id?: string | null;
}

@ReadOnly('source', ...CHILD_FIELDS)
export class ServiceDto {
  @OptionalId() id?: string;

  @IsName() name: string;

  @ApiProperty({ example: 'Nginx' })
  @IsString()
  @MaxLength(LIMITS.name)
  service_definition: string;

  @IsOptionalInt32(INT32.min) position?: number;

  @IsOptionalUuidArray(LIMITS.tags) tags?: string[];

  @ApiPropertyOptional({ type: VirtualizationDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => VirtualizationDto)
  virtualization?: VirtualizationDto | null;

  @IsOptionalChildren(() => BindingDto) bindings?: BindingDto[];
}

export class NeighborDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  host_id: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  interface_id: string;

  @ApiPropertyOptional({
    enum: LINK_PROVENANCES,
    description: 'How discovery learnt the link; absent when drawn by hand.',
  })
  @IsOptional()
  @IsIn(LINK_PROVENANCES)
  provenance?: LinkProvenance;
}

@ReadOnly(...CHILD_FIELDS)
export class InterfaceDto {
  @OptionalId() id?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  ip_address_id?: string | null;

  @IsOptionalInt32() if_index?: number;
  @IsOptionalText() if_name?: string;
  @IsOptionalText(LIMITS.description) if_descr?: string;
  @IsOptionalText() if_alias?: string;
  @IsOptionalInt32() if_type?: number;
  @IsOptionalBigIntSafe('bits per second') speed_bps?: number;

  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) admin_status?: string;
  @ApiPropertyOptional({ enum: LINK_STATUSES }) @IsOptional() @IsIn(LINK_STATUSES) oper_status?: string;

  @IsOptionalMac()
  mac_address?: string;

  @IsOptionalText() cdp_address?: string | null;
  @IsOptionalText() cdp_device_id?: string | null;
  @IsOptionalText() cdp_platform?: string | null;
  @IsOptionalText() cdp_port_id?: string | null;
  @IsOptionalText() lldp_chassis_id?: string | null;
  @IsOptionalText() lldp_mgmt_addr?: string | null;
  @IsOptionalText() lldp_port_desc?: string | null;
  @IsOptionalText() lldp_port_id?: string | null;
  @IsOptionalText(LIMITS.description) lldp_sys_desc?: string | null;
  @IsOptionalText() lldp_sys_name?: string | null;

  @ApiPropertyOptional({ type: NeighborDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => NeighborDto)
  neighbor?: NeighborDto | null;
}

@ReadOnly(
  ...RECORD_FIELDS,
  ...VERSION_FIELDS,
  ...OBSERVED_FIELDS,
  'stale',
  'credential_assignments',
  'identity_sources',
)
export class HostBodyDto extends IdentityFieldsDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  @IsUUID()
  network_id: string;

  @IsName('nas-01') name: string;
  @IsOptionalText() hostname?: string;
  @IsOptionalDescription('File server in the rack') description?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  hidden?: boolean;

  @IsOptionalUuidArray(LIMITS.tags) tags?: string[];

  @ApiPropertyOptional({ type: VirtualizationDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => VirtualizationDto)
  virtualization?: VirtualizationDto | null;

  @ApiPropertyOptional({ description: 'Ignored: hosts written through the API are {type: Manual}' })
  @IsOptional()
  @IsObject()
  source?: object;

  @IsOptionalChildren(() => IpAddressDto) ip_addresses?: IpAddressDto[];
  @IsOptionalChildren(() => PortDto) ports?: PortDto[];
  @IsOptionalChildren(() => ServiceDto) services?: ServiceDto[];
  @IsOptionalChildren(() => InterfaceDto) interfaces?: InterfaceDto[];
}
