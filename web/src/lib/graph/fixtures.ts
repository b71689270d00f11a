import type { TopologyGraph } from './types';

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
