const UNIQUE_VIOLATION = '23505';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

function pgErrorOf(error: unknown): PgError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const driverError = (error as { driverError?: PgError }).driverError;
  return driverError ?? (error as PgError);
}

/** The column(s) a PostgreSQL unique violation is about, read from its detail: `Key (email)=(...)`. */
export function uniqueViolation(error: unknown): { field: string } | undefined {
  const pgError = pgErrorOf(error);
  if (pgError?.code !== UNIQUE_VIOLATION) return undefined;
  const columns = /^Key \(([^)]+)\)=/.exec(pgError.detail ?? '')?.[1];
  const field = columns
    ?.split(',')
    .map((c) => c.trim())
    .filter((c) => c !== 'organization_id')
    .join(',');
  return { field: field || pgError.constraint || 'unknown' };
}

/** Text PostgreSQL cannot store (a NUL character): a client's mistake, not a server failure. */
export function unstorableText(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * PostgreSQL gave up on this transaction because of another one (deadlock_detected, serialization_failure):
 * the same work run again normally succeeds.
 */
export function transactionConflict(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

// Connection exceptions (class 08), the server shutting down or starting (57P01-57P03), too many connections.
const UNAVAILABLE_CODES = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// node-postgres reports a lost or refused connection with plain Errors that carry only these messages.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not queryable|Cannot use a pool after calling end/;

/** The database is down, restarting or out of connections: a 503 for the client to retry, not a 500. */
export function databaseUnavailable(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  if (!pgError) return false;
  const code = pgError.code ?? '';
  if (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  const messages = [(error as { message?: unknown }).message, (pgError as { message?: unknown }).message];
  if (messages.some((message) => typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message))) return true;
  // An AggregateError (connecting to each address of localhost) carries its causes in `errors`.
  const causes = (error as { errors?: unknown[] }).errors;
  return Array.isArray(causes) && causes.some((cause) => databaseUnavailable(cause));
}
