import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsAccess } from '../auth/access.decorator';
import { Metrics } from './metrics';

/** GET /metrics on the main port, in Prometheus' text format (not an API route: no envelope, not in OpenAPI). */
@Controller()
@ApiExcludeController()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get('metrics')
  @MetricsAccess()
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, text } = await this.metrics.scrape();
    await reply.type(contentType).send(text);
  }
}
