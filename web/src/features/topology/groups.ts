import type { TopologyGraph } from '../../lib/graph/types';

const KINDS: Record<string, string> = {
  subnet: 'Hosts of',
  attached: 'Hosts attached to',
  guests: 'Guests of',
  services: 'Services of',
};

/**
 * A readable name for an expanded group, whose node is no longer in the graph: its id is
 * "group:<kind>:<id of what it groups by>", and that node usually is. Pure.
 */
export function groupTitle(groupId: string, graph: TopologyGraph | undefined): string {
  const [, kind = '', ref = ''] = groupId.split(':');
  const prefix = KINDS[kind] ?? 'Group';
  if (ref === 'none') return `${prefix} no subnet`;
  const node = graph?.nodes.find((n) => n.id === ref);
  const members = graph?.nodes.filter((n) => n.data.expanded_group === groupId).length ?? 0;
  const name = node?.label ?? `${ref.slice(0, 8)}…`;
  return `${prefix} ${name}${members ? ` (${members})` : ''}`;
}
