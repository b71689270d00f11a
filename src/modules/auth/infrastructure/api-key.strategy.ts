import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { API_KEY_STRATEGY } from '../../../common/auth/auth.guard';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { CredentialResolverService } from '../application/credential-resolver.service';

/** passport-http-bearer for `Authorization: Bearer nta_...`; the global guard runs it. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, API_KEY_STRATEGY) {
  constructor(private readonly resolver: CredentialResolverService) {
    super();
  }

  validate(token: string): Promise<TenantContext> {
    return this.resolver.fromApiKey(token);
  }
}
