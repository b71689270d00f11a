import { HttpException } from '@nestjs/common';
import { AppError, invalidField } from '../errors/app-error';
import { ErrorCode, statusOf } from '../errors/error-codes';
import { databaseUnavailable, uniqueViolation, unstorableText } from '../database/database-errors';

export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  params: Record<string, unknown>;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Framework failures arrive as HttpExceptions that carry only a status: Nest's own (unknown route) and
 * fastify's body parsing (Nest maps those to HttpException(message, status) before our filter sees them).
 * Our code throws AppError, so these statuses name their cause.
 */
const FRAMEWORK_ERRORS: Record<number, (message: string) => AppError> = {
  400: (message) => invalidField('body', 'format', message),
  401: (message) => new AppError('auth_not_authenticated', message),
  403: (message) => new AppError('auth_permission_denied', message),
  404: () => new AppError('route_not_found', 'Route not found'),
  405: () => new AppError('route_not_found', 'Route not found'),
  409: (message) => new AppError('entity_conflict', message),
  413: () =>
    new AppError('payload_too_large', `Request body is larger than ${BODY_LIMIT_BYTES} bytes`, {
      max_bytes: BODY_LIMIT_BYTES,
    }),
  415: () => new AppError('unsupported_media_type', 'Request body must be application/json'),
  429: (message) => new AppError('rate_limit_exceeded', message),
  503: (message) => new AppError('service_unavailable', message),
};

function toAppError(exception: unknown): AppError | undefined {
  if (exception instanceof AppError) return exception;
  const conflict = uniqueViolation(exception);
  if (conflict)
    return new AppError('entity_conflict', 'An entity with these values already exists', { field: conflict.field });
  if (unstorableText(exception)) {
    const message = 'Text cannot contain NUL characters';
    return invalidField('body', 'text', message);
  }
  if (databaseUnavailable(exception))
    return new AppError('service_unavailable', 'The database is not reachable; retry shortly', {
      dependency: 'database',
    });
  if (exception instanceof HttpException) return FRAMEWORK_ERRORS[exception.getStatus()]?.(exception.message);
  return undefined;
}

/** Turns anything thrown into the contract's error: never a stack trace or SQL text. */
export function toErrorResponse(exception: unknown): ErrorResponse {
  const error = toAppError(exception);
  if (!error) return { status: 500, code: 'internal_error', message: 'Internal server error', params: {} };
  return { status: statusOf(error.code), code: error.code, message: error.message, params: error.params };
}
