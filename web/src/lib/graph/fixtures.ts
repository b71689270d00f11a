import type { TopologyGraph, TopologyNode } from './types';

/** A switch and a host linked port to port, as the L2Physical view answers it. For tests. */
export const l2Graph = (): TopologyGraph => ({
  nodes: [
    { id: 'sw', kind: 'host', label: 'core-switch', data: { hostname: 'sw.lan' } },
    { id: 'h1', kind: 'host', label: 'web-1', data: {} },
    { id: 'lonely', kind: 'host', label: 'printer', data: {} },
    { id: 'sw-p1', kind: 'interface', label: 'ge-1', parent: 'sw', data: { speed_bps: 1e9 } },
    { id: 'sw-p2', kind: 'interface', label: 'ge-2', parent: 'sw', data: { speed_bps: 1e9 } },
    { id: 'h1-e0', kind: 'interface', label: 'eth0', parent: 'h1', data: { speed_bps: 1e9 } },
  ],
  edges: [
    {
      id: 'link:h1-e0:sw-p1',
      source: 'h1-e0',
      target: 'sw-p1',
      kind: 'link',
      label: 'eth0 - ge-1',
      data: { speed_bps: 1e9, provenance: 'lldp' },
    },
  ],
  positions: {},
});

const port = (id: string, label: string, parent: string): TopologyNode => ({
  id,
  kind: 'interface',
  label,
  parent,
  data: {},
});

/**
 * A switch cabled to two servers. The API names a link's ends in interface id order, so here once the
 * switch's port first (a-sw3 < b-web0) and once the server's (c-db0 < z-sw43). For tests.
 */
export const cabledSwitch = (): TopologyGraph => ({
  nodes: [
    { id: 'sw', kind: 'host', label: 'core-switch', data: {} },
    { id: 'web', kind: 'host', label: 'web-1', data: {} },
    { id: 'db', kind: 'host', label: 'db-1', data: {} },
    port('a-sw3', 'ge-0/0/3', 'sw'),
    port('z-sw43', 'ge-0/0/43', 'sw'),
    port('b-web0', 'eth0', 'web'),
    port('c-db0', 'eth0', 'db'),
  ],
  edges: [
    { id: 'l1', source: 'a-sw3', target: 'b-web0', kind: 'link', data: {} },
    { id: 'l2', source: 'c-db0', target: 'z-sw43', kind: 'link', data: {} },
  ],
});

/** A link between two drawn nodes, as tests of the L2 layout cable them. */
export const link = (a: string, b: string) => ({ id: `${a}~${b}`, source: a, target: b, kind: 'link', data: {} });
