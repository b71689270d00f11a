import { ChangedBy, type VersionAuthorResponse } from '../../../../common/openapi/version-author.response';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BINDING_TYPES,
  LINK_PROVENANCES,
  LINK_STATUSES,
  PORT_PROTOCOLS,
  SOURCE_TYPES,
  VIRTUALIZATION_TYPES,
} from '../../domain/enums';
import { DEVICE_TYPES, IDENTITY_SOURCES } from '../../domain/identity/identity';

const Uuid = () => ApiProperty({ format: 'uuid' });
const NullableUuid = () => ApiProperty({ type: String, format: 'uuid', nullable: true });
const NullableText = () => ApiProperty({ type: String, nullable: true });
const Time = () => ApiProperty({ format: 'date-time' });

export class SourceResponse {
  @ApiProperty({ enum: SOURCE_TYPES }) type: string;
}

export class ServiceSourceResponse extends SourceResponse {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'What discovery identified the service by (product, version, evidence)',
  })
  metadata?: Record<string, unknown>;
}

export class VirtualizationResponse {
  @ApiProperty({ enum: VIRTUALIZATION_TYPES }) type: string;
  @Uuid() host_id: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) details: Record<string, unknown>;
}

/** What every versioned, observed row answers besides its own fields (docs/inventory.md). */
export class VersionedResponse {
  @Time() created_at: string;
  @Time() updated_at: string;
  @ApiProperty({ format: 'date-time', description: 'created_at until something observes it' }) last_seen_at: string;
  @Time() valid_from: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) valid_to: string | null;
  @NullableUuid() first_discovery_id: string | null;
  @NullableUuid() last_discovery_id: string | null;
}

class ChildResponse extends VersionedResponse {
  @Uuid() id: string;
  @Uuid() network_id: string;
  @NullableUuid() lineage_id: string | null;
}

export class IpAddressResponse extends ChildResponse {
  @Uuid() host_id: string;
  @Uuid() subnet_id: string;
  @ApiProperty() ip_address: string;
  @ApiProperty() mac_address: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) position: number;
}

export class PortResponse extends ChildResponse {
  @Uuid() host_id: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 65535 }) number: number;
  @ApiProperty({ enum: PORT_PROTOCOLS }) protocol: string;
  @ApiProperty({ example: 'Http' }) type: string;
}

export class BindingResponse extends ChildResponse {
  @Uuid() service_id: string;
  @ApiProperty({ enum: BINDING_TYPES }) type: string;
  @NullableUuid() ip_address_id: string | null;
  @NullableUuid() port_id: string | null;
}

export class ServiceResponse extends ChildResponse {
  @Uuid() host_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) position: number;
  @ApiProperty() service_definition: string;
  @ApiProperty({ type: ServiceSourceResponse }) source: ServiceSourceResponse;
  @ApiProperty({ type: [String], format: 'uuid' }) tags: string[];
  @ApiProperty({ type: VirtualizationResponse, nullable: true }) virtualization: VirtualizationResponse | null;
  @ApiProperty({ type: [BindingResponse] }) bindings: BindingResponse[];
}

export class NeighborResponse {
  @Uuid() host_id: string;
  @Uuid() interface_id: string;
  @ApiPropertyOptional({ enum: LINK_PROVENANCES }) provenance?: string;
}

export class InterfaceResponse extends ChildResponse {
  @Uuid() host_id: string;
  @NullableUuid() ip_address_id: string | null;
  @ApiProperty({ enum: LINK_STATUSES }) admin_status: string;
  @ApiProperty({ enum: LINK_STATUSES }) oper_status: string;
  @ApiProperty() if_alias: string;
  @ApiProperty() if_descr: string;
  @ApiProperty() if_name: string;
  @ApiProperty({ type: 'integer' }) if_index: number;
  @ApiProperty({ type: 'integer' }) if_type: number;
  @ApiProperty({ type: 'integer', description: 'bits per second' }) speed_bps: number;
  @ApiProperty() mac_address: string;
  @NullableText() cdp_address: string | null;
  @NullableText() cdp_device_id: string | null;
  @NullableText() cdp_platform: string | null;
  @NullableText() cdp_port_id: string | null;
  @NullableText() lldp_chassis_id: string | null;
  @NullableText() lldp_mgmt_addr: string | null;
  @NullableText() lldp_port_desc: string | null;
  @NullableText() lldp_port_id: string | null;
  @NullableText() lldp_sys_desc: string | null;
  @NullableText() lldp_sys_name: string | null;
  @ApiProperty({ type: NeighborResponse, nullable: true }) neighbor: NeighborResponse | null;
}

export class CredentialAssignmentResponse {
  @Uuid() credential_id: string;
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, description: 'null: every address of the host' })
  ip_address_ids: string[] | null;
}

export class IdentitySourceResponse {
  @ApiProperty({
    enum: IDENTITY_SOURCES,
    description: 'Manual (a person), Discovery (read off the device), Inferred (a guess)',
  })
  source: string;
  @ApiProperty({ type: [String], description: 'What the value rests on, a line each' }) evidence: string[];
}

export class IdentitySourcesResponse {
  @ApiPropertyOptional({ type: IdentitySourceResponse }) device_type?: IdentitySourceResponse;
  @ApiPropertyOptional({ type: IdentitySourceResponse }) vendor?: IdentitySourceResponse;
  @ApiPropertyOptional({ type: IdentitySourceResponse }) model?: IdentitySourceResponse;
  @ApiPropertyOptional({ type: IdentitySourceResponse }) os?: IdentitySourceResponse;
  @ApiPropertyOptional({ type: IdentitySourceResponse }) location?: IdentitySourceResponse;
}

/** A host's own fields, in a live read and in its history alike. */
class HostFieldsResponse extends VersionedResponse {
  @Uuid() id: string;
  @Uuid() network_id: string;
  @ApiProperty() name: string;
  @ApiProperty() hostname: string;
  @ApiProperty() description: string;
  @ApiProperty() hidden: boolean;
  @ApiProperty({ type: SourceResponse }) source: SourceResponse;
  @ApiProperty({ type: VirtualizationResponse, nullable: true }) virtualization: VirtualizationResponse | null;
  @ApiProperty({ enum: [...DEVICE_TYPES] }) device_type: string;
  @NullableText() vendor: string | null;
  @NullableText() model: string | null;
  @NullableText() os: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Site, building, floor or rack' }) location: string | null;
  @ApiProperty({ type: IdentitySourcesResponse, description: 'Where each identity field that has a value came from' })
  identity_sources: IdentitySourcesResponse;
}

/** A host version as /hosts/{id}/history lists it: the host's own fields, no children. */
export class HostVersionResponse extends HostFieldsResponse {
  @NullableUuid() lineage_id: string | null;
  @ChangedBy() changed_by: VersionAuthorResponse | null;
}

export class HostResponse extends HostFieldsResponse {
  @ApiProperty({ description: 'A Discovery host not seen within its network window' }) stale: boolean;
  @ApiProperty({ type: [String], format: 'uuid' }) tags: string[];
  @ApiProperty({ type: [CredentialAssignmentResponse] }) credential_assignments: CredentialAssignmentResponse[];
  @ApiProperty({ type: [IpAddressResponse] }) ip_addresses: IpAddressResponse[];
  @ApiProperty({ type: [PortResponse] }) ports: PortResponse[];
  @ApiProperty({ type: [ServiceResponse] }) services: ServiceResponse[];
  @ApiProperty({ type: [InterfaceResponse] }) interfaces: InterfaceResponse[];
}
