import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { EventStreamQueryDto } from './dto/event-stream.dto';
import { EventStreams } from './event-streams';

@ApiTags('events')
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly streams: EventStreams) {}

  /** text/event-stream of the webhook events on the networks the caller may see (docs/webhooks.md). */
  @Get('stream')
  @Access('Viewer')
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: 'Server-Sent Events: each event named by its type, its data the webhook body',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  streamEvents(
    @Ctx() ctx: TenantContext,
    @Query() query: EventStreamQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.streams.stream(ctx, query, request, reply);
  }
}
