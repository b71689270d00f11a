import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { domainToASCII } from 'node:url';
import { allowFraming } from '../../../common/http/web-ui';
import { SHARE_REPOSITORY, type ShareRepository } from '../domain/share';

const SHARE_PAGE = /^\/share\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * A share's allowed_domains are host names (no scheme, no port; the API matches the embedding page's
 * host whatever its port). As CSP sources: `host:*` (any port) without a scheme, so an HTTPS app accepts
 * only HTTPS embedders and a plain-HTTP one accepts both. Unicode names go out as punycode.
 */
export function frameSourceOf(domain: string): string | undefined {
  const ascii = domainToASCII(domain.trim().toLowerCase());
  return ascii ? `${ascii}:*` : undefined;
}

/**
 * The public page /share/{id} may be framed by the share's allowed domains (and only those): the
 * sharing module tells the web UI's server which ones, with the same tenant-free lookup its public API
 * uses. Any state of the share counts, so an embedded disabled or expired share says so in the frame;
 * no domains or an unknown id keep the app's own `frame-ancestors 'self'`.
 */
@Injectable()
export class SharePageFraming implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SHARE_REPOSITORY) private readonly shares: ShareRepository,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) allowFraming(fastify, (path) => this.framersOf(path));
  }

  async framersOf(path: string): Promise<string[] | undefined> {
    const id = SHARE_PAGE.exec(path)?.[1];
    if (!id) return undefined;
    const share = await this.shares.findPublic(id.toLowerCase());
    return share?.allowed_domains?.map(frameSourceOf).filter((s): s is string => !!s);
  }
}
