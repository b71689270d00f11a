import { describe, expect, it } from 'vitest';
import { containerBoxes, type ContainerBox } from './containers';
import { initialPositions } from './layout';
import { buildDrawnGraph } from './model';
import type { Positions, TopologyGraph, TopologyNode } from './types';

const subnet = (id: string, cidr: string): TopologyNode => ({ id, kind: 'subnet', label: cidr, data: {} });
const host = (id: string, parent: string | undefined, gateway = false): TopologyNode => ({
  id,
  kind: 'host',
  label: id,
  ...(parent && { parent }),
  data: gateway ? { gateway } : {},
});

/** Two floors' subnets, a server subnet, a router in all three, and a host in no subnet. */
function campusL3(): TopologyGraph {
  return {
    nodes: [
      subnet('floor10', '10.0.10.0/24'),
      subnet('servers', '10.9.0.0/24'),
      subnet('floor2', '10.0.2.0/24'),
      ...Array.from({ length: 12 }, (_, i) => host(`pc-2-${i}`, 'floor2')),
      ...Array.from({ length: 5 }, (_, i) => host(`pc-10-${i}`, 'floor10')),
      host('db-1', 'servers'),
      host('rtr', 'floor2', true),
      host('stray', undefined),
    ],
    edges: [
      { id: 'a1', source: 'rtr', target: 'floor10', kind: 'address', data: {} },
      { id: 'a2', source: 'rtr', target: 'servers', kind: 'address', data: {} },
    ],
  };
}

const inside = (p: { x: number; y: number }, b: ContainerBox) =>
  p.x >= b.left && p.x <= b.right && p.y <= b.top && p.y >= b.bottom;
const overlap = (a: ContainerBox, b: ContainerBox) =>
  a.left <= b.right && b.left <= a.right && a.bottom <= b.top && b.bottom <= a.top;

function laidOut(graph: TopologyGraph, view: 'L3Logical' | 'Workloads') {
  const drawn = buildDrawnGraph(graph, view);
  const places: Positions = initialPositions(drawn, view);
  const boxes = new Map(containerBoxes(drawn, (id) => places[id]).map((b) => [b.id, b]));
  return { drawn, places, boxes };
}

describe('containers (L3Logical, Workloads)', () => {
  it('draws each subnet as a box holding its hosts, the subnet at its top-left corner, boxes apart', () => {
    const { places, boxes } = laidOut(campusL3(), 'L3Logical');
    expect([...boxes.keys()].sort()).toEqual(['floor10', 'floor2', 'servers']);
    for (const [id, box] of boxes) {
      expect(places[id]).toEqual({ x: box.left, y: box.top });
    }
    for (let i = 0; i < 12; i++) expect(inside(places[`pc-2-${i}`], boxes.get('floor2')!)).toBe(true);
    expect(inside(places['db-1'], boxes.get('servers')!)).toBe(true);
    const all = [...boxes.values()];
    for (const a of all) for (const b of all) if (a !== b) expect(overlap(a, b)).toBe(false);
    // a host in no subnet is in no box
    expect(all.some((b) => inside(places.stray, b))).toBe(false);
  });

  it('orders subnets as an engineer reads addresses: 10.0.2.0/24 before 10.0.10.0/24 before 10.9.0.0/24', () => {
    const { places } = laidOut(campusL3(), 'L3Logical');
    const reading = ['floor2', 'floor10', 'servers'].map((id) => [-places[id].y, places[id].x]);
    const sorted = [...reading].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(reading).toEqual(sorted);
  });

  it('stands the router above every box, over the middle of the subnets it is in', () => {
    const { places, boxes } = laidOut(campusL3(), 'L3Logical');
    for (const box of boxes.values()) {
      expect(inside(places.rtr, box)).toBe(false);
      expect(places.rtr.y).toBeGreaterThan(box.top);
    }
    const xs = ['floor2', 'floor10', 'servers'].map((id) => places[id].x);
    expect(places.rtr.x).toBeGreaterThanOrEqual(Math.min(...xs));
    expect(places.rtr.x).toBeLessThanOrEqual(Math.max(...xs));
  });

  it('gives the same picture whatever order the API sent', () => {
    const graph = campusL3();
    const reversed = { nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse() };
    expect(laidOut(reversed, 'L3Logical').places).toEqual(laidOut(graph, 'L3Logical').places);
  });

  it('holds guests in their hypervisor; hosts standing alone beside, in no box', () => {
    const graph: TopologyGraph = {
      nodes: [
        { id: 'hv-1', kind: 'hypervisor', label: 'hv-1', data: {} },
        { id: 'hv-2', kind: 'hypervisor', label: 'hv-2', data: {} },
        ...Array.from({ length: 7 }, (_, i) => ({
          id: `vm-${i}`,
          kind: 'vm',
          label: `vm-${i}`,
          parent: 'hv-1',
          data: {},
        })),
        { id: 'ct', kind: 'container', label: 'ct', parent: 'hv-2', data: {} },
        { id: 'nas', kind: 'host', label: 'nas', data: {} },
      ],
      edges: [],
    };
    const { drawn, places, boxes } = laidOut(graph, 'Workloads');
    expect(drawn.edges).toEqual([]);
    for (let i = 0; i < 7; i++) expect(inside(places[`vm-${i}`], boxes.get('hv-1')!)).toBe(true);
    expect(inside(places.ct, boxes.get('hv-2')!)).toBe(true);
    expect(overlap(boxes.get('hv-1')!, boxes.get('hv-2')!)).toBe(false);
    expect([...boxes.values()].some((b) => inside(places.nas, b))).toBe(false);
  });

  it('stretches a box to where a dragged child is now', () => {
    const { drawn, places } = laidOut(campusL3(), 'L3Logical');
    const moved: Positions = { ...places, 'db-1': { x: 5000, y: -5000 } };
    const box = containerBoxes(drawn, (id) => moved[id]).find((b) => b.id === 'servers')!;
    expect(box.right).toBe(5000);
    expect(box.bottom).toBe(-5000);
  });
});
