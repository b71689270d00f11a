import { ApiProperty } from '@nestjs/swagger';
import { SSO_ROLES } from '../../domain/sso-settings';
import { RoleMappingDto } from './sso-settings.dto';

export class SsoSettingsResponse {
  @ApiProperty({ type: String, isArray: true }) email_domains: string[];
  @ApiProperty() create_users: boolean;
  @ApiProperty({ enum: SSO_ROLES }) default_role: string;
  @ApiProperty({ type: String, nullable: true }) role_claim: string | null;
  @ApiProperty({ type: RoleMappingDto, isArray: true }) role_mappings: RoleMappingDto[];
  @ApiProperty() password_sign_in: boolean;
  @ApiProperty({ description: 'Single sign-on is configured on this instance (OIDC_ISSUER and friends)' })
  instance_configured: boolean;
}

export class SsoAvailabilityResponse {
  @ApiProperty({ description: 'The sign-in page offers "Sign in with SSO"' }) enabled: boolean;
  @ApiProperty({ example: '/api/auth/oidc/login', description: 'Where the button leads' }) login_url: string;
}
