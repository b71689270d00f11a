import { describe, expect, it } from 'vitest';
import { cabledSwitch } from '../../lib/graph/fixtures';
import type { TopologyGraph } from '../../lib/graph/types';
import { endsInReadingOrder, linksFrom } from './links';

// A switch cabled to two servers, the API naming the ends of each link in id order, so not in one
// direction; and a group of hosts whose links to the switch are one aggregate edge.
const graph: TopologyGraph = cabledSwitch();
graph.nodes.push({ id: 'g', kind: 'group', label: 'sw-0 · 47 hosts', data: {} });
graph.edges.push({ id: 'agg', source: 'g', target: 'sw', kind: 'aggregate', data: { count: 47 } });
const node = (id: string) => graph.nodes.find((n) => n.id === id)!;

describe('linksFrom', () => {
  it("reads each link from the node's own port to the far node and its port, whichever end the API names first", () => {
    expect(linksFrom(graph, node('web'))).toEqual([{ edgeId: 'l1', text: 'eth0 → core-switch ge-0/0/3' }]);
    expect(linksFrom(graph, node('db'))).toEqual([{ edgeId: 'l2', text: 'eth0 → core-switch ge-0/0/43' }]);
    expect(linksFrom(graph, node('sw'))).toEqual([
      { edgeId: 'agg', text: '→ sw-0 · 47 hosts (47 links)' },
      { edgeId: 'l1', text: 'ge-0/0/3 → web-1 eth0' },
      { edgeId: 'l2', text: 'ge-0/0/43 → db-1 eth0' },
    ]);
  });

  it('reads from a port alone when a port is selected', () => {
    expect(linksFrom(graph, node('z-sw43'))).toEqual([{ edgeId: 'l2', text: 'ge-0/0/43 → db-1 eth0' }]);
    expect(linksFrom(graph, node('a-sw3'))).toEqual([{ edgeId: 'l1', text: 'ge-0/0/3 → web-1 eth0' }]);
  });
});

describe('endsInReadingOrder', () => {
  it('puts the end of the device with more links first, as the canvas label reads', () => {
    expect(endsInReadingOrder(graph, graph.edges[0])).toEqual(['a-sw3', 'b-web0']);
    expect(endsInReadingOrder(graph, graph.edges[1])).toEqual(['z-sw43', 'c-db0']);
  });
});
