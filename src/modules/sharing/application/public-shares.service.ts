import { domainToASCII } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, invalidField, notFound } from '../../../common/errors/app-error';
import { verifyPassword } from '../../../common/crypto/passwords';
import { PLAN_FEATURES, type PlanType } from '../../tenancy';
import { TopologyService, type View } from '../../topology';
import { SHARE_REPOSITORY, type ShareRepository, type ShareRow } from '../domain/share';
import { SHARE_ACCESS_TOKENS, type ShareAccessTokens } from '../domain/share-access-tokens.port';

/** Origins carry punycode host names; a domain may have been saved in Unicode. */
const isListed = (domains: string[], host: string | null) =>
  !!host && domains.some((d) => d === host || domainToASCII(d) === host);

/** Who is looking: the host of the page embedding the share (Origin, else Referer), if any. */
export interface Viewer {
  originHost: string | null;
  /** The request comes from this app's own pages (the share page), not from another site. */
  sameOrigin: boolean;
}

/** What anyone with a share's link may see: its metadata, then (with the password if it has one) its topology. */
@Injectable()
export class PublicSharesService {
  constructor(
    @Inject(SHARE_REPOSITORY) private readonly shares: ShareRepository,
    @Inject(SHARE_ACCESS_TOKENS) private readonly tokens: ShareAccessTokens,
    private readonly topology: TopologyService,
  ) {}

  /** Exactly the spec's Share: no topology, no organization or user data. */
  async metadata(id: string, viewer: Viewer) {
    const share = await this.open(id, viewer);
    return {
      id: share.id,
      name: share.name,
      enabled_views: share.enabled_views,
      options: share.options,
      requires_password: share.password_hash !== null,
    };
  }

  async verify(id: string, password: string, viewer: Viewer): Promise<{ access_token: string }> {
    const share = await this.open(id, viewer);
    if (share.password_hash && !(await verifyPassword(share.password_hash, password))) {
      throw new AppError('share_password_incorrect', 'Wrong password for this share');
    }
    return { access_token: this.tokens.issue(share.id, share.password_hash) };
  }

  async graph(id: string, view: View, accessToken: string | undefined, viewer: Viewer) {
    const share = await this.open(id, viewer);
    if (share.password_hash) {
      if (!accessToken)
        throw new AppError('share_password_required', 'This share needs its password first (POST .../verify)');
      if (!this.tokens.verify(accessToken, share.id, share.password_hash)) {
        throw new AppError(
          'share_token_invalid',
          'The access token is invalid or has expired; verify the password again',
        );
      }
    }
    if (!share.enabled_views.includes(view)) {
      const message = `view must be one of ${share.enabled_views.join(', ')}`;
      throw invalidField('view', 'enabled_view', message);
    }
    return this.topology.graphOf(share.organization_id, share.network_id, view);
  }

  private async open(id: string, viewer: Viewer): Promise<ShareRow & { plan_type: string }> {
    const share = await this.shares.findPublic(id);
    if (!share) throw notFound('share', id);
    // A plan without shared views (after a downgrade) turns its shares off.
    if (!share.is_enabled || !PLAN_FEATURES[share.plan_type as PlanType]?.share_views) {
      throw new AppError('entity_disabled', 'This share is disabled', { entity: 'share', id });
    }
    if (share.expires_at && share.expires_at.getTime() <= Date.now())
      throw new AppError('entity_expired', 'This share has expired', { entity: 'share', id });
    if (share.allowed_domains && !viewer.sameOrigin && !isListed(share.allowed_domains, viewer.originHost)) {
      throw new AppError('share_domain_not_allowed', 'This share cannot be shown on this site', {
        origin: viewer.originHost,
      });
    }
    return share;
  }
}
