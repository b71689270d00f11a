import { ApiError, describeError } from '../api/errors';

interface FieldError {
  field: string;
  message: string;
}

/** A field error belongs to a form field when it names it or a part of it (credential_type.community.value). */
const belongsTo = (errorField: string, field: string) => errorField === field || errorField.startsWith(`${field}.`);

function fieldErrorsOf(error: ApiError): FieldError[] {
  return Array.isArray(error.params.errors) ? (error.params.errors as FieldError[]) : [];
}

/** A 409 that names the field it conflicts on ({field: 'name'}): shown under that field. */
function conflictField(error: ApiError): string | undefined {
  return error.code === 'entity_conflict' && typeof error.params.field === 'string' ? error.params.field : undefined;
}

/**
 * The refusal of a form's last submit that no field shows: a 409 conflict, a 403, a network fault, or a
 * validation error about a field the form does not have (those under their field are not repeated).
 */
export function FormError({ error, fields }: { error: unknown; fields: string[] }) {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'validation_failed') {
    const errors = fieldErrorsOf(error);
    const elsewhere = errors.filter((e) => !fields.some((f) => belongsTo(e.field, f)));
    if (errors.length > 0 && elsewhere.length === 0) return null;
    return (
      <div className="form-error" role="alert">
        <p>{error.message}</p>
      </div>
    );
  }
  const conflict = error instanceof ApiError ? conflictField(error) : undefined;
  if (conflict && fields.includes(conflict)) return null;
  return (
    <p className="form-error" role="alert">
      {describeError(error)}
    </p>
  );
}

/**
 * The message under one field: a validation error naming it (or a part of it), or a 409 conflict on it
 * ("This name is already taken.", or the API's own words when it gives a reason).
 */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (conflictField(error) === field)
    // A conflict with a reason (the last Owner) explains itself; a bare one is a taken unique value.
    return error.params.reason ? error.message : `This ${field.replace(/_/g, ' ')} is already taken.`;
  return fieldErrorsOf(error).find((e) => belongsTo(e.field, field))?.message;
}
