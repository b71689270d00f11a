import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import { AUDIT_EVENT_REPOSITORY, type AuditEventFilter, type AuditEventRepository } from '../domain/audit-event';

@Injectable()
export class AuditEventsService {
  constructor(@Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepository) {}

  async list(ctx: TenantContext, filter: AuditEventFilter, page: PageRequest) {
    const { items, total } = await this.events.list(ctx, filter, page);
    return toPage(items, total, page);
  }
}
