import { ErrorCode } from './error-codes';

/** A failure the API reports to its caller; plain TypeScript so domain code can throw it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (entity: string, id: string): AppError =>
  new AppError('entity_not_found', `${entity} not found`, { entity, id });

/** One field's failure, as the validation_failed error lists them. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** 400 validation_failed listing every field error. */
export const invalid = (
  errors: FieldError[],
  message = `Validation failed: ${errors.map((e) => e.message).join('; ')}`,
): AppError => new AppError('validation_failed', message, { errors });

export const invalidField = (field: string, rule: string, message: string): AppError =>
  invalid([{ field, rule, message }], message);

/** Network-level entities stay in the network they were made in. */
export const networkCannotChange = (entity: string): AppError =>
  invalidField(
    'network_id',
    'immutable',
    `network_id cannot change; create the ${entity} in the other network instead`,
  );
