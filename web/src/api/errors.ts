interface FieldError {
  field: string;
  message: string;
}

/** An error answer of the API, in the envelope's terms. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, unknown> = {},
    /** Seconds to wait, from Retry-After on a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** What a validation_failed error says about one field, for showing under that field. */
  fieldMessage(field: string): string | undefined {
    const errors = Array.isArray(this.params.errors) ? (this.params.errors as FieldError[]) : [];
    return errors.find((e) => e.field === field)?.message;
  }
}

interface ErrorEnvelope {
  error: string;
  code: string;
  params?: Record<string, unknown>;
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && 'code' in body && 'error' in body;
}

export function apiErrorOf(body: unknown, response: Response): ApiError {
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  if (isEnvelope(body)) return new ApiError(response.status, body.code, body.error, body.params, retryAfter);
  return new ApiError(response.status, 'unexpected_response', `The server answered ${response.status}`);
}

/** A sentence for a person: what went wrong and, for a 429, when to try again. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return `Too many requests. Try again in ${error.retryAfter ?? 'a few'} seconds.`;
    return error.message;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}
