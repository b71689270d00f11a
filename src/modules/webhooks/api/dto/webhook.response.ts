import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES } from '../../domain/event';

export class WebhookResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: EVENT_TYPES, isArray: true }) events: string[];
  @ApiProperty() enabled: boolean;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The create and rotate answers: the only ones that carry the signing secret. */
export class WebhookWithSecretResponse extends WebhookResponse {
  @ApiProperty({ pattern: '^whsec_[A-Za-z0-9_-]{43}$' }) secret: string;
}

export class DeliveryResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) webhook_id: string;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty({ example: 'host.created' }) event_type: string;
  @ApiProperty({ minimum: 1 }) attempt: number;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: string;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status; null when none came" })
  status_code: number | null;
  @ApiProperty({ type: Number, nullable: true }) duration_ms: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due' })
  next_retry_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) attempted_at: string | null;
}

export class OutboundEventResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'host.created' }) type: string;
  @ApiProperty({ format: 'date-time' }) occurred_at: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) network_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
}

export class TestEventResponse {
  @ApiProperty({ type: OutboundEventResponse }) event: OutboundEventResponse;
  @ApiProperty({ format: 'uuid' }) delivery_id: string;
}
