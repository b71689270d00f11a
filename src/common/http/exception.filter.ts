import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody, meta } from './envelope';
import { toErrorResponse } from './error-response';

/** The one exception filter: every failure leaves through the error envelope. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, code, message, params } = toErrorResponse(exception);
    // pino-http logs res.err with the request line: the stack goes to the log, never to the client.
    if (status >= 500) Object.assign(reply.raw, { err: exception });
    const body: ErrorBody = { success: false, error: message, code, params, meta: meta(request.id) };
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  }
}
