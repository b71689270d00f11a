import { ApiProperty } from '@nestjs/swagger';
import { API_VERSION } from '../../../common/http/versions';

export class VersionResponse {
  @ApiProperty({ type: 'integer', enum: [API_VERSION] }) api_version: number;
  @ApiProperty({ example: '0.1.0' }) server_version: string;
}

export class LivenessResponse {
  @ApiProperty({ enum: ['ok'] }) status: string;
}

export class ReadinessResponse {
  @ApiProperty({ enum: ['ready'] }) status: string;
  @ApiProperty({ enum: ['up'] }) database: string;
}
