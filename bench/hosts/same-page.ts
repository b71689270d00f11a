/** Timestamps to the second: the bare server writes PostgreSQL's JSON form (microseconds, +00:00), the app JavaScript's. */
const normalize = (value: unknown): unknown => {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return new Date(value).toISOString().slice(0, 19);
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalize(inner)]));
  return value;
};

type Envelope = { data: unknown; meta: { pagination: unknown } };

/**
 * Whether the app and the bare server answer the same page: the same hosts with the same fields and children,
 * and the same pagination (request ids aside). The first difference, if any, as a path.
 */
export async function samePage(appUrl: string, authorization: string, bareUrl: string): Promise<string | null> {
  const [app, bare] = await Promise.all([
    fetch(`${appUrl}/api/v1/hosts?limit=50`, { headers: { authorization } }).then((r) => r.json() as Promise<Envelope>),
    fetch(`${bareUrl}/hosts?limit=50`).then((r) => r.json() as Promise<Envelope>),
  ]);
  const difference = (a: unknown, b: unknown, path: string): string | null => {
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
      for (const key of keys) {
        const found = difference(
          (a as Record<string, unknown>)[key],
          (b as Record<string, unknown>)[key],
          `${path}.${key}`,
        );
        if (found) return found;
      }
      return null;
    }
    return a === b ? null : `${path}: app ${JSON.stringify(a)}, bare ${JSON.stringify(b)}`;
  };
  return difference(
    normalize({ data: app.data, pagination: app.meta.pagination }),
    normalize({ data: bare.data, pagination: bare.meta.pagination }),
    '',
  );
}
