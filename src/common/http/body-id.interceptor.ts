import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../errors/app-error';

/**
 * A PUT to /…/{id} may carry the `id` GET answered (it is read-only and dropped); any other id is a
 * mistake worth refusing rather than ignoring.
 */
@Injectable()
export class BodyIdInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { id?: string } }>>();
    const body = request.body as Record<string, unknown> | null | undefined;
    const pathId = request.params?.id;
    if (request.method === 'PUT' && pathId !== undefined && typeof body === 'object' && body && 'id' in body) {
      if (body.id !== pathId) throw invalidField('id', 'matchesPath', 'id must be the id in the path');
    }
    return next.handle();
  }
}
