import type { Diagram } from './diagram';

/** A small map for the diagram exports' tests: a router, a switch, a server whose label needs escaping. */
export const TRICKY_LABEL = 'db & <primary> "main" \'eu\'';

export const diagramFixture = (): Diagram => ({
  name: 'L2 physical topology · Lab & <test> · live at 2026-11-28 15:30 UTC',
  nodes: [
    { id: 'r1', label: 'edge-router', kind: 'host', deviceType: 'Router', x: 0, y: 200, size: 13, color: '#0a5cc2' },
    { id: 'sw1', label: 'core-switch', kind: 'host', deviceType: 'Switch', x: 0, y: 40, size: 12, color: '#0e7f86' },
    { id: 'srv', label: TRICKY_LABEL, kind: 'host', x: -90, y: -120, size: 9, color: '#abc' },
    {
      id: 'group:subnet:s1',
      label: 'Hosts\u0007 of 10.0.0.0/24',
      kind: 'group',
      x: 90,
      y: -120,
      size: 14,
      color: 'rgb(1 2 3)',
    },
  ],
  edges: [
    {
      id: 'link:a:b',
      source: 'r1',
      target: 'sw1',
      kind: 'link',
      label: 'ge-0/0/0 ↔ ge-0/0/1',
      size: 2,
      color: '#8c959f',
    },
    {
      id: 'link:c:d',
      source: 'sw1',
      target: 'srv',
      kind: 'link',
      label: 'ge-0/0/3 ↔ eth0 <&>',
      size: 1.2,
      color: '#8c959f',
    },
    { id: 'aggregate:g:sw1', source: 'group:subnet:s1', target: 'sw1', kind: 'aggregate', size: 4, color: '#8c959f' },
    { id: 'link:gone', source: 'sw1', target: 'not-drawn', kind: 'link', size: 1, color: '#8c959f' },
  ],
});
