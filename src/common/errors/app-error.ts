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
