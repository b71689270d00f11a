import { ApiProperty } from '@nestjs/swagger';

export class IngestDiagnosticResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) host_id: string | null;
  @ApiProperty({ enum: ['snmp', 'lldp', 'cdp', 'fdb', 'arp', 'mac'] }) topic: string;
  @ApiProperty() message: string;
}

export class IngestResultResponse {
  @ApiProperty({ format: 'uuid', description: 'The discovery these observations were recorded as' })
  discovery_id: string;
  @ApiProperty({ type: 'integer' }) hosts_created: number;
  @ApiProperty({ type: 'integer' }) hosts_updated: number;
  @ApiProperty({ type: [String], format: 'uuid' }) host_ids: string[];
  @ApiProperty({ type: [IngestDiagnosticResponse], description: 'How links were drawn or not' })
  diagnostics: IngestDiagnosticResponse[];
}
