/**
 * Fields whose values never reach the audit trail, at any depth of a recorded object: secrets of
 * credentials, password and key hashes, session and share tokens. The one list; redaction.spec.ts holds it.
 */
export const REDACTED_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'password_hash',
  'key',
  'key_hash',
  'secret',
  'token',
  'access_token',
  'session_id',
  'token_hash',
  'community',
  'auth_password',
  'priv_password',
  'private_key',
  'value',
  'sealed',
]);

export const REDACTED_VALUE = '[redacted]';

/** A copy of `value` with every field named in REDACTED_FIELDS replaced, however deep. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [
      field,
      REDACTED_FIELDS.has(field) && inner !== null && inner !== undefined ? REDACTED_VALUE : redact(inner),
    ]),
  );
}
