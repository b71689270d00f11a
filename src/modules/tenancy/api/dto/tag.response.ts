import { ApiProperty } from '@nestjs/swagger';
import { COLORS } from '../../domain/tag';

export class TagResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: COLORS }) color: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
