/** The addresses a URL's host stands for, checked against the delivery policy. */
export interface DestinationCheck {
  /**
   * The address to connect to, or why the host is refused: a literal address outside the policy, a name
   * that does not resolve, or one that resolves to any address outside it.
   */
  resolve(hostname: string): Promise<{ address: string; family: 4 | 6 } | { refused: string }>;
}

export const DESTINATION_CHECK = Symbol('DESTINATION_CHECK');

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Posts a signed body to a URL, connecting only to an address the check allowed; never follows redirects. */
export interface WebhookSender {
  send(url: string, body: string, headers: Record<string, string>): Promise<SendResult>;
}

export const WEBHOOK_SENDER = Symbol('WEBHOOK_SENDER');
