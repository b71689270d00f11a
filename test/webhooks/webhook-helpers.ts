import type { Credentials, HttpClient } from '../support/http';
import { expectOk } from '../support/http';
import { sleep } from '../support/hosts';

/** Settings of the tests that deliver: their own loopback receivers allowed, quick retries. */
export const DELIVERING_ENV = {
  WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
  WEBHOOK_WORKER: 'true',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_MAX_ATTEMPTS: '3',
};

export const webhookBody = (url: string, extra: Record<string, unknown> = {}) => ({
  url,
  events: ['host.created', 'host.changed', 'host.deleted'],
  description: 'test receiver',
  ...extra,
});

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_retry_at: string | null;
  attempted_at: string | null;
}

/** The delivery log, oldest attempt first, once `done` says it is complete (the worker runs on its own). */
export async function deliveriesWhen(
  http: HttpClient,
  who: Credentials,
  webhookId: string,
  done: (rows: DeliveryRow[]) => boolean,
): Promise<DeliveryRow[]> {
  for (;;) {
    const rows = (expectOk(await http.as(who).get(`/api/v1/webhooks/${webhookId}/deliveries`)) as DeliveryRow[])
      .slice()
      .reverse();
    if (done(rows)) return rows;
    await sleep(100);
  }
}
