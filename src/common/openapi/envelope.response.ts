import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { API_VERSION } from '../http/versions';

export class GroupCountResponse {
  @ApiProperty({ type: String, nullable: true, description: 'The group_by value (null for hosts without one)' })
  value: string | null;

  @ApiProperty({ type: 'integer' })
  count: number;
}

export class PaginationResponse {
  @ApiProperty({ type: 'integer', minimum: 0 }) total_count: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: '0 means no limit' }) limit: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) offset: number;
  @ApiProperty() has_more: boolean;

  @ApiPropertyOptional({ type: [GroupCountResponse], description: 'Only with group_by' })
  group_counts?: GroupCountResponse[];
}

export class MetaResponse {
  @ApiProperty({ type: 'integer', enum: [API_VERSION] }) api_version: number;
  @ApiProperty({ example: '0.1.0' }) server_version: string;
  @ApiProperty({ format: 'uuid' }) request_id: string;
  @ApiPropertyOptional({ type: PaginationResponse }) pagination?: PaginationResponse;
}

export class ErrorResponse {
  @ApiProperty({ enum: [false] }) success: false;
  @ApiProperty({ description: 'A human-readable message' }) error: string;
  @ApiProperty({ description: 'snake_case error code' }) code: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) params: Record<string, unknown>;
  @ApiProperty({ type: MetaResponse }) meta: MetaResponse;
}

/** `data: {}` of a handler that returns nothing (deletes, logout, onboarding answers). */
export class EmptyResponse {}
