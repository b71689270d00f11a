import { ApiProperty } from '@nestjs/swagger';
import { ROLES } from '../../../../common/auth/tenant-context';

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ type: String, nullable: true }) job_title: string | null;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Networks granted (Member, Viewer)' })
  network_ids: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
