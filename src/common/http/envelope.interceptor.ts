import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { successBody } from './envelope';
import { JsonTextPage, jsonTextBody } from './json-text-page';
import { StreamedPage, streamedBody } from './streamed-page';

/** Wraps every handler's result in the success envelope; a streamed page is written as it is read. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(
      map((result) => {
        if (!(result instanceof StreamedPage) && !(result instanceof JsonTextPage))
          return successBody(request.id, result);
        void context.switchToHttp().getResponse<FastifyReply>().type('application/json; charset=utf-8');
        return result instanceof StreamedPage ? streamedBody(request.id, result) : jsonTextBody(request.id, result);
      }),
    );
  }
}
