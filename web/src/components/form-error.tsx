import { ApiError, describeError } from '../api/errors';

interface FieldError {
  field: string;
  message: string;
}

/**
 * The refusal of a form's last submit that no field shows: a 409 conflict, a 403, a network fault, or a
 * validation error about a field the form does not have (those under their field are not repeated).
 */
export function FormError({ error, fields }: { error: unknown; fields: string[] }) {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'validation_failed') {
    const errors = Array.isArray(error.params.errors) ? (error.params.errors as FieldError[]) : [];
    const elsewhere = errors.filter((e) => !fields.includes(e.field));
    if (errors.length > 0 && elsewhere.length === 0) return null;
    return (
      <div className="form-error" role="alert">
        <p>{error.message}</p>
        {elsewhere.length > 0 && (
          <ul>
            {elsewhere.map((e) => (
              <li key={e.field}>
                <code>{e.field}</code>: {e.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <p className="form-error" role="alert">
      {describeError(error)}
    </p>
  );
}

/** The message under one field, when the last submit's error names it. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}
