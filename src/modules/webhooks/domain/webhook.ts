import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { EventType } from './event';

export interface Webhook {
  id: string;
  organization_id: string;
  url: string;
  events: EventType[];
  enabled: boolean;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookFields {
  url: string;
  events: EventType[];
  enabled: boolean;
  description: string;
}

/** The organization's webhooks; every statement is scoped to the caller's organization. */
export interface WebhookRepository {
  list(ctx: TenantContext, page: PageRequest): Promise<{ items: Webhook[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<Webhook | undefined>;
  create(ctx: TenantContext, fields: WebhookFields, sealedSecret: string): Promise<Webhook>;
  update(ctx: TenantContext, id: string, fields: WebhookFields): Promise<Webhook | undefined>;
  replaceSecret(ctx: TenantContext, id: string, sealedSecret: string): Promise<Webhook | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /** Where to send and how to sign, for a delivery. */
  target(ctx: TenantContext, id: string): Promise<{ url: string; enabled: boolean; secret_sealed: string } | undefined>;
}

export const WEBHOOK_REPOSITORY = Symbol('WEBHOOK_REPOSITORY');
