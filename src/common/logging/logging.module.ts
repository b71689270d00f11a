import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config/app-config';

/** Paths pino replaces with [Redacted]: credentials in headers and any secret-looking field. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.secret',
  '*.key',
  '*.token',
  '*.access_token',
  '*.community',
];

/** Structured JSON logs: one line per request with its id, method, path, status and duration. */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level: config.logLevel,
              redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
              customProps: (req: IncomingMessage) => ({ request_id: (req as IncomingMessage & { id?: string }).id }),
              serializers: {
                req: (req: { method: string; url: string; headers: Record<string, unknown> }) => ({
                  method: req.method,
                  path: req.url.split('?')[0],
                  headers: req.headers,
                }),
                res: (res: ServerResponse) => ({ status: res.statusCode }),
              },
              customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
            },
            destination ?? process.stdout,
          ],
        }),
      ],
    };
  }
}
