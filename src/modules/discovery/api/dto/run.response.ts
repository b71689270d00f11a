import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES } from '../../domain/run';

/** "top100", "top1000" or a list of port numbers. */
export const PORT_SPEC_SCHEMA = {
  oneOf: [
    { type: 'string', enum: ['top100', 'top1000'] },
    { type: 'array', items: { type: 'integer', minimum: 1, maximum: 65535 } },
  ],
};

export class RunProgressResponse {
  @ApiProperty({ type: 'integer' }) targets_total: number;
  @ApiProperty({ type: 'integer' }) targets_done: number;
  @ApiProperty({ type: 'integer' }) hosts_found: number;
}

export class RunResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) network_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) schedule_id: string | null;
  @ApiProperty({ enum: RUN_STATUSES }) status: string;
  @ApiProperty({ type: [String], description: 'CIDRs, addresses or ranges' }) targets: string[];
  @ApiProperty(PORT_SPEC_SCHEMA) ports: string | number[];
  @ApiProperty() snmp: boolean;
  @ApiProperty({ type: 'integer' }) timeout_ms: number;
  @ApiProperty({ type: 'integer' }) concurrency: number;
  @ApiProperty({ type: RunProgressResponse }) progress: RunProgressResponse;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) started_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
}

export class RunDiagnosticResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) host_id: string | null;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ enum: ['snmp', 'lldp', 'cdp', 'fdb', 'arp', 'mac'] }) topic: string;
  @ApiProperty() message: string;
}
