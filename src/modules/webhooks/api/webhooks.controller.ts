import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { UuidParam } from '../../../common/http/uuid-param';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { WebhooksService } from '../application/webhooks.service';
import type { WebhookFields } from '../domain/webhook';
import { WebhookBodyDto } from './dto/webhook.dto';
import {
  DeliveryResponse,
  TestEventResponse,
  WebhookResponse,
  WebhookWithSecretResponse,
} from './dto/webhook.response';

const fieldsOf = (body: WebhookBodyDto): WebhookFields => ({
  url: body.url,
  events: body.events,
  enabled: body.enabled ?? true,
  description: body.description ?? '',
});

/** The organization's webhooks (docs/webhooks.md): Admins and above. */
@ApiTags('webhooks')
@Controller('api/v1/webhooks')
@Access('Admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOk(WebhookResponse, { list: true })
  listWebhooks(@Ctx() ctx: TenantContext, @Query() query: PageQueryDto) {
    return this.webhooks.list(ctx, query);
  }

  @Post()
  @ApiOk(WebhookWithSecretResponse, { status: 201 })
  createWebhook(@Ctx() ctx: TenantContext, @Body() body: WebhookBodyDto) {
    return this.webhooks.create(ctx, fieldsOf(body));
  }

  @Get(':id')
  @ApiOk(WebhookResponse)
  getWebhook(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.webhooks.get(ctx, id);
  }

  @Put(':id')
  @ApiOk(WebhookResponse)
  updateWebhook(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: WebhookBodyDto) {
    return this.webhooks.update(ctx, id, fieldsOf(body));
  }

  @Delete(':id')
  @ApiOk(EmptyResponse)
  async deleteWebhook(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.webhooks.delete(ctx, id);
    return {};
  }

  @Post(':id/rotate')
  @HttpCode(200)
  @ApiOk(WebhookWithSecretResponse)
  rotateWebhookSecret(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.webhooks.rotate(ctx, id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOk(TestEventResponse, { status: 202 })
  sendTestEvent(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.webhooks.sendTest(ctx, id);
  }

  @Get(':id/deliveries')
  @ApiOk(DeliveryResponse, { list: true })
  listDeliveries(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Query() query: PageQueryDto) {
    return this.webhooks.deliveries(ctx, id, query);
  }
}
