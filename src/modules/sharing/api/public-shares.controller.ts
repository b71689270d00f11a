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
import { TopologyResponse } from '../../topology/api/dto/topology.response';

/** The page that embeds the share: Origin, else Referer. */
function viewerOf(request: FastifyRequest): Viewer {
  const source = request.headers.origin ?? request.headers.referer;
  try {
    return { originHost: source ? new URL(source).hostname.toLowerCase() : null };
  } catch {
    return { originHost: null };
  }
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
  @StrictRateLimit()
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
