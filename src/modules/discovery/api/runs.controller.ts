import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { RunsService } from '../application/runs.service';
import { RunBodyDto, RunDiagnosticsQueryDto, RunListQueryDto } from './dto/run.dto';
import { RunEventStreams } from './run-event-streams';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { RunDiagnosticResponse, RunResponse } from './dto/run.response';

/** Discovery runs: Members start and cancel them, Viewers watch. */
@ApiTags('discovery')
@Controller('api/v1/discovery/runs')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly streams: RunEventStreams,
  ) {}

  @Post()
  @HttpCode(202)
  @Access('Member')
  @ApiOk(RunResponse, { status: 202 })
  startRun(@Ctx() ctx: TenantContext, @Body() body: RunBodyDto) {
    return this.runs.start(ctx, body);
  }

  @Get()
  @Access('Viewer')
  @ApiOk(RunResponse, { list: true })
  listRuns(@Ctx() ctx: TenantContext, @Query() q: RunListQueryDto) {
    return this.runs.list(ctx, { networkId: q.network_id }, q);
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(RunResponse)
  getRun(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.runs.get(ctx, id);
  }

  /** Per host, how its links were learnt or why one is missing, and what SNMP said; paged, in order. */
  @Get(':id/diagnostics')
  @Access('Viewer')
  @ApiOk(RunDiagnosticResponse, { list: true })
  listRunDiagnostics(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Query() q: RunDiagnosticsQueryDto) {
    return this.runs.diagnostics(ctx, id, { hostId: q.host_id }, q);
  }

  /** text/event-stream: events progress, host_found, diagnostic and finished (the last one). */
  @Get(':id/events')
  @Access('Viewer')
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: 'Server-Sent Events: progress, host_found, diagnostic, then finished',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  runEvents(
    @Ctx() ctx: TenantContext,
    @UuidParam('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.streams.stream(ctx, id, request, reply);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Access('Member')
  @ApiOk(RunResponse)
  cancelRun(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.runs.cancel(ctx, id);
  }
}
