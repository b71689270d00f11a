import { useCallback, useMemo } from 'react';
import type { View } from '../../lib/graph';
import type { ParamUpdate } from '../../lib/url-state';
import { usePath } from './api';
import { PATH_PARAMS, pathHighlight, type PathEnd } from './path';

/**
 * The path the URL asks for (path_from, path_to: host ids) on the L2Physical view, at the page's instant:
 * its ends, the answer, what the canvas highlights, and the URL updates that pick, swap and clear ends.
 */
export function usePathState(
  params: URLSearchParams,
  update: (change: ParamUpdate) => void,
  networkId: string | null,
  view: View,
  at: string | null,
) {
  const from = params.get(PATH_PARAMS.from);
  const to = params.get(PATH_PARAMS.to);
  const shown = view === 'L2Physical' && !!(from || to);
  const query = usePath(shown && networkId && from && to ? { network_id: networkId, from, to, at } : null);
  const highlight = useMemo(() => (shown ? pathHighlight(query.data) : undefined), [shown, query.data]);
  const setEnd = useCallback((end: PathEnd, hostId: string) => update({ [PATH_PARAMS[end]]: hostId }), [update]);
  const swap = useCallback(() => update({ [PATH_PARAMS.from]: to, [PATH_PARAMS.to]: from }), [update, from, to]);
  const clear = useCallback(() => update({ [PATH_PARAMS.from]: null, [PATH_PARAMS.to]: null }), [update]);
  return { shown, from, to, answer: query.data, error: query.error, highlight, setEnd, swap, clear };
}
