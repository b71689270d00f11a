import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Netatlas-Signature';
export const EVENT_ID_HEADER = 'Netatlas-Event-Id';
export const EVENT_TYPE_HEADER = 'Netatlas-Event-Type';

/** `whsec_` and 32 random bytes: what the receiver keeps to verify signatures. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Wait before attempt `attempt + 1` after attempt `attempt` failed: base, 2x base, 4x base ... */
export const retryDelayMs = (attempt: number, baseMs: number): number => baseMs * 2 ** (attempt - 1);
