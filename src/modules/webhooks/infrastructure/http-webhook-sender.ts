import { Inject, Injectable } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import {
  DESTINATION_CHECK,
  type DestinationCheck,
  type SendResult,
  type WebhookSender,
} from '../domain/destination.port';

/** A receiver's error body is kept in the log this long at most. */
const ERROR_BODY_CHARS = 200;

/**
 * node:http(s), which follows no redirect. The host is resolved and checked once, and the connection
 * goes to that checked address (the request's `lookup` answers with it), so a name cannot resolve to
 * a public address for the check and a private one for the connection.
 */
@Injectable()
export class HttpWebhookSender implements WebhookSender {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DESTINATION_CHECK) private readonly destinations: DestinationCheck,
  ) {}

  async send(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = Date.now();
    const target = new URL(url);
    const checked = await this.destinations.resolve(target.hostname);
    if ('refused' in checked) return { statusCode: null, durationMs: 0, error: `Refused: ${checked.refused}` };
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
      else callback(null, checked.address, checked.family);
    };
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolve) => {
      const done = (statusCode: number | null, error: string | null) =>
        resolve({ statusCode, durationMs: Date.now() - started, error });
      const req = request(
        target,
        {
          method: 'POST',
          lookup,
          timeout: this.config.webhooks.timeoutMs,
          headers: { 'content-type': 'application/json', 'user-agent': 'Netatlas-Webhooks/1', ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < ERROR_BODY_CHARS) text += chunk;
          });
          res.on('error', () => done(res.statusCode ?? null, 'The response broke off'));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) return done(status, null);
            const why = status >= 300 && status < 400 ? 'Redirects are not followed' : text.slice(0, ERROR_BODY_CHARS);
            done(status, `HTTP ${status}${why ? `: ${why}` : ''}`);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${this.config.webhooks.timeoutMs} ms`)));
      req.on('error', (error) => done(null, error.message));
      req.end(body);
    });
  }
}
