import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { AuditEventsService } from '../application/audit-events.service';
import { AuditEventQueryDto } from './dto/audit-event-query.dto';
import { AuditEventResponse } from './dto/audit-event.response';

/** Who changed what: the organization's audit trail, newest first (docs/audit.md). Admins and Owners. */
@ApiTags('audit-events')
@Controller('api/v1/audit-events')
@Access('Admin')
export class AuditEventsController {
  constructor(private readonly events: AuditEventsService) {}

  @Get()
  @ApiOk(AuditEventResponse, { list: true })
  listAuditEvents(@Ctx() ctx: TenantContext, @Query() query: AuditEventQueryDto) {
    const filter = {
      actorType: query.actor_type,
      actorId: query.actor_id,
      resourceType: query.resource_type,
      resourceId: query.resource_id,
      action: query.action,
      networkId: query.network_id,
      from: query.from,
      to: query.to,
    };
    return this.events.list(ctx, filter, { limit: query.limit, offset: query.offset });
  }
}
