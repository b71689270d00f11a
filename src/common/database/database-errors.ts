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
