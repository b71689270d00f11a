import { ApiProperty } from '@nestjs/swagger';
import { VIEWS } from '../../../topology';

export class ShareOptionsResponse {
  @ApiProperty() show_minimap: boolean;
  @ApiProperty() show_export_button: boolean;
  @ApiProperty() show_inspect_panel: boolean;
  @ApiProperty() show_zoom_controls: boolean;
}

/** What anyone holding the link may read before the password. */
export class ShareMetadataResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VIEWS, isArray: true }) enabled_views: string[];
  @ApiProperty({ type: ShareOptionsResponse }) options: ShareOptionsResponse;
  @ApiProperty() requires_password: boolean;
}

export class ShareResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) network_id: string;
  @ApiProperty() name: string;
  @ApiProperty() is_enabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at: string | null;
  @ApiProperty({ type: [String], nullable: true }) allowed_domains: string[] | null;
  @ApiProperty({ description: 'The password itself is never answered' }) requires_password: boolean;
  @ApiProperty({ enum: VIEWS, isArray: true }) enabled_views: string[];
  @ApiProperty({ type: ShareOptionsResponse }) options: ShareOptionsResponse;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class ShareAccessTokenResponse {
  @ApiProperty({ description: 'Sent with the shared topology request' }) access_token: string;
}
