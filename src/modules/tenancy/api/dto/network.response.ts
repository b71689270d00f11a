import { ApiProperty } from '@nestjs/swagger';

export class NetworkResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'integer', nullable: true }) stale_after_hours: number | null;
  @ApiProperty({ type: 'integer', description: 'stale_after_hours, or 672 when null' })
  effective_stale_after_hours: number;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
