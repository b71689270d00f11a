import { ApiProperty } from '@nestjs/swagger';
import { PORT_SPEC_SCHEMA } from './run.response';

export class ScheduleResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) network_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: '0 3 * * *' }) cron: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: [String] }) targets: string[];
  @ApiProperty(PORT_SPEC_SCHEMA) ports: string | number[];
  @ApiProperty() snmp: boolean;
  @ApiProperty({ type: 'integer' }) timeout_ms: number;
  @ApiProperty({ type: 'integer' }) concurrency: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_run_at: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) last_run_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
