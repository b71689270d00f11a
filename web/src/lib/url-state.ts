import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamUpdate = Record<string, string | number | string[] | null | undefined>;

/** Applies an update to search params: null/undefined/'' removes a key, arrays repeat it. */
export function withParams(current: URLSearchParams, update: ParamUpdate): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(update)) {
    next.delete(key);
    const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [String(value)];
    values.filter((v) => v !== '').forEach((v) => next.append(key, v));
  }
  return next;
}

/**
 * A screen's filters, sort, page, view and instant live in the URL, so every screen is a link to share.
 * Returns the current params and a setter that merges an update (replacing history for typing).
 */
export function useUrlState(): [URLSearchParams, (update: ParamUpdate, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: ParamUpdate, options?: { replace?: boolean }) =>
      setParams((current) => withParams(current, change), options),
    [setParams],
  );
  return [params, update];
}
