/**
 * fn(0) .. fn(count - 1), at most `limit` at once, each index taken when a slot frees; stops taking indexes
 * once aborted. No list of the work is built, so count may be large.
 */
export async function boundedTimes(
  count: number,
  limit: number,
  fn: (index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count && !signal?.aborted) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker));
}

/** fn over every item, at most `limit` at once, results in item order; stops taking items once aborted. */
export async function boundedMap<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  await boundedTimes(items.length, limit, async (i) => void (results[i] = await fn(items[i])), signal);
  return results;
}
