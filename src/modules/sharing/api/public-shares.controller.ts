import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/access.decorator';
import { UuidParam } from '../../../common/http/uuid-param';
import { StrictRateLimit } from '../../../common/rate-limit/rate-limit.decorators';
import { PublicSharesService, type Viewer } from '../application/public-shares.service';
import { PublicTopologyDto, VerifyShareDto } from './dto/share.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { ShareAccessTokenResponse, ShareMetadataResponse } from './dto/share.response';
import { TopologyResponse } from '../../topology';

const hostOf = (url: string | undefined): URL | undefined => {
  try {
    return url ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The page that embeds the share: Origin, else Referer. The share page of this app calls from the app's
 * own origin (same-origin fetches carry no Origin on GET and no Referer under helmet's no-referrer
 * policy, but browsers send Sec-Fetch-Site, which no page's script can set); where that page may be
 * framed is the job of its frame-ancestors (SharePageFraming).
 */
function viewerOf(request: FastifyRequest): Viewer {
  const source = hostOf(request.headers.origin ?? request.headers.referer);
  const self = hostOf(`${request.protocol}://${request.host}`);
  const sameOrigin =
    request.headers['sec-fetch-site'] === 'same-origin' || (!!source && !!self && source.origin === self.origin);
  return { originHost: source ? source.hostname.toLowerCase() : null, sameOrigin };
}

/** Anyone with the link: no credentials. */
@ApiTags('shares')
@Controller('api/v1/shares/public')
@Public()
export class PublicSharesController {
  constructor(private readonly shares: PublicSharesService) {}

  @Get(':id')
  @ApiOk(ShareMetadataResponse)
  getShareMetadata(@UuidParam('id') id: string, @Req() request: FastifyRequest) {
    return this.shares.metadata(id, viewerOf(request));
  }

  @Post(':id/verify')
  @HttpCode(200)
  @StrictRateLimit({ backoff: 'id' })
  @ApiOk(ShareAccessTokenResponse)
  verifySharePassword(@UuidParam('id') id: string, @Body() body: VerifyShareDto, @Req() request: FastifyRequest) {
    return this.shares.verify(id, body.password, viewerOf(request));
  }

  @Post(':id/topology')
  @HttpCode(200)
  @ApiOk(TopologyResponse)
  getSharedTopology(@UuidParam('id') id: string, @Body() body: PublicTopologyDto, @Req() request: FastifyRequest) {
    return this.shares.graph(id, body.view, body.access_token, viewerOf(request));
  }
}
