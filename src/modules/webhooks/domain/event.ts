/** Every event type the service sends (docs/webhooks.md has each payload). */
export const EVENT_TYPES = [
  'host.created',
  'host.changed',
  'host.deleted',
  'host.stale',
  'link.added',
  'link.removed',
  'discovery.run.finished',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a receiver gets, as webhook body and as stream data: the same shape everywhere. */
export interface OutboundEvent {
  id: string;
  type: EventType | 'webhook.test';
  occurred_at: string;
  organization_id: string;
  network_id: string | null;
  data: Record<string, unknown>;
}

/** An event to record in the transaction of the change it describes. */
export interface NewEvent {
  networkId: string;
  type: EventType;
  data: Record<string, unknown>;
}

/** A stored event and its place in the organization's sequence (the stream resumes after it). */
export interface StoredEvent extends OutboundEvent {
  seq: string;
}
