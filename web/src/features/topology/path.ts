import type { components } from '../../../../client/schema';
import type { Highlight } from '../../lib/graph';

/** GET /api/v1/topology/path's answer: the hops and links of a path, or why none is known. */
export type PathAnswer = components['schemas']['PathResponse'];
export type PathHop = components['schemas']['PathHopResponse'];
export type PathLink = components['schemas']['PathLinkResponse'];
export type PathEnd = 'from' | 'to';

/** The URL parameters that hold the two ends (host ids). */
export const PATH_PARAMS: Record<PathEnd, string> = { from: 'path_from', to: 'path_to' };

/**
 * What the canvas marks as the path: its hosts, their ports on it (folded into the hosts on L2, so
 * harmless) and its links; everything else is dimmed. Nothing when no path was found.
 */
export function pathHighlight(path: PathAnswer | undefined): Highlight | undefined {
  if (!path?.found || !path.hops) return undefined;
  const ids = [
    ...path.hops.flatMap((hop) => [hop.host_id, hop.in?.interface_id, hop.out?.interface_id]),
    ...(path.links ?? []).map((link) => link.id),
  ];
  return Object.fromEntries(ids.filter((id): id is string => !!id).map((id) => [id, 'path' as const]));
}

const LEARNT: Record<string, string> = {
  lldp: 'learnt by LLDP',
  cdp: 'learnt by CDP',
  fdb: "learnt from a switch's forwarding table (FDB)",
  arp: 'learnt from an ARP table',
  manual: 'drawn by hand',
};

/** How a link was learnt, short enough for a line of the hop list. */
export const learntBy = (provenance: string): string => LEARNT[provenance] ?? `learnt by ${provenance}`;
