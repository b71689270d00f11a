import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { diagramFixture, TRICKY_LABEL } from './diagram-fixture';
import { toDrawio } from './drawio';

/** A real XML parser that fails on anything not well-formed. */
const parse = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');

const children = (parent: Element, name: string) =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).tagName === name);

describe('toDrawio', () => {
  const diagram = diagramFixture();
  const doc = parse(toDrawio(diagram));
  const mxfile = doc.documentElement!;
  const [root] = children(children(children(mxfile, 'diagram')[0], 'mxGraphModel')[0], 'root');
  const cells = children(root, 'mxCell');
  const vertices = cells.filter((c) => c.getAttribute('vertex') === '1');
  const edges = cells.filter((c) => c.getAttribute('edge') === '1');
  const cell = (id: string) => cells.find((c) => c.getAttribute('id') === id)!;

  it('is an mxfile > diagram > mxGraphModel > root of mxCells, with draw.io root and layer cells', () => {
    expect(mxfile.tagName).toBe('mxfile');
    expect(children(mxfile, 'diagram')[0].getAttribute('name')).toBe(diagram.name);
    expect(cell('0').getAttribute('parent')).toBeNull();
    expect(cell('1').getAttribute('parent')).toBe('0');
    expect(cells.map((c) => c.getAttribute('id'))).toEqual([...new Set(cells.map((c) => c.getAttribute('id')))]);
  });

  it('makes every node a vertex with a geometry at its place on the canvas, y pointing down', () => {
    expect(vertices.map((v) => v.getAttribute('id'))).toEqual(diagram.nodes.map((n) => `n:${n.id}`));
    const geometry = (id: string) => {
      const [g] = children(cell(`n:${id}`), 'mxGeometry');
      expect(g.getAttribute('as')).toBe('geometry');
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(g.getAttribute(a)));
      for (const v of [x, y, w, h]) expect(Number.isFinite(v)).toBe(true);
      return { cx: x + w / 2, cy: y + h / 2, w, h };
    };
    for (const v of vertices) expect(v.getAttribute('parent')).toBe('1');
    const [router, sw, server, group] = ['r1', 'sw1', 'srv', 'group:subnet:s1'].map(geometry);
    // The router above the switch above the server and the group; the server left of the group.
    expect(router.cy).toBeLessThan(sw.cy);
    expect(sw.cy).toBeLessThan(server.cy);
    expect(server.cx).toBeLessThan(group.cx);
    // Distances as on the canvas.
    expect(sw.cy - router.cy).toBeCloseTo(160);
    expect(group.cx - server.cx).toBeCloseTo(180);
    expect(router.w).toBe(52);
  });

  it('styles each node by its device type, else its kind, in its colour', () => {
    const style = (id: string) => cell(`n:${id}`).getAttribute('style')!;
    expect(style('r1')).toMatch(/^ellipse;shape=doubleEllipse;.*fillColor=#0a5cc2;/);
    expect(style('sw1')).toMatch(/^rounded=1;arcSize=25;.*fillColor=#0e7f86;/);
    expect(style('srv')).toMatch(/^ellipse;.*fillColor=#aabbcc;/);
    expect(style('group:subnet:s1')).toMatch(/^shape=folder;.*fillColor=#7d8590;/);
  });

  it('connects every edge between cells that exist, and leaves out edges to nodes not drawn', () => {
    const ids = new Set(vertices.map((v) => v.getAttribute('id')));
    expect(edges.map((e) => e.getAttribute('id'))).toEqual(['e:link:a:b', 'e:link:c:d', 'e:aggregate:g:sw1']);
    for (const e of edges) {
      expect(ids.has(e.getAttribute('source'))).toBe(true);
      expect(ids.has(e.getAttribute('target'))).toBe(true);
      expect(children(e, 'mxGeometry')[0].getAttribute('relative')).toBe('1');
    }
    expect(cell('e:link:a:b').getAttribute('source')).toBe('n:r1');
    expect(cell('e:link:a:b').getAttribute('style')).toContain('endArrow=none');
  });

  it('keeps labels with & < > " and quotes as they are, and drops characters XML cannot carry', () => {
    expect(cell('n:srv').getAttribute('value')).toBe(TRICKY_LABEL);
    expect(cell('e:link:c:d').getAttribute('value')).toBe('ge-0/0/3 ↔ eth0 <&>');
    expect(cell('n:group:subnet:s1').getAttribute('value')).toBe('Hosts of 10.0.0.0/24');
  });

  it('writes a document for an empty map', () => {
    const empty = parse(toDrawio({ name: 'Nothing', nodes: [], edges: [] }));
    expect(empty.getElementsByTagName('mxCell')).toHaveLength(2);
  });
});

describe('toDrawio with containers', () => {
  it('draws each box as a rounded rectangle under the nodes, around the nodes it holds', () => {
    const base = diagramFixture();
    const [a, b] = base.nodes;
    const box = {
      id: 'subnet-1',
      left: Math.min(a.x, b.x) - 24,
      right: Math.max(a.x, b.x) + 24,
      top: Math.max(a.y, b.y) + 24,
      bottom: Math.min(a.y, b.y) - 24,
      color: '#8250df',
    };
    const doc = parse(toDrawio({ ...base, boxes: [box] }));
    const [root] = children(children(children(doc.documentElement!, 'diagram')[0], 'mxGraphModel')[0], 'root');
    const cells = children(root, 'mxCell');
    const ids = cells.map((c) => c.getAttribute('id'));
    // drawn before (under) every node
    expect(ids.indexOf('b:subnet-1')).toBeLessThan(ids.indexOf(`n:${a.id}`));
    const geometry = (id: string) => {
      const [g] = children(
        cells.find((c) => c.getAttribute('id') === id)!,
        'mxGeometry',
      );
      return ['x', 'y', 'width', 'height'].map((k) => Number(g.getAttribute(k)));
    };
    const [bx, by, bw, bh] = geometry('b:subnet-1');
    for (const node of [a, b]) {
      const [x, y, w, h] = geometry(`n:${node.id}`);
      expect(x + w / 2).toBeGreaterThan(bx);
      expect(x + w / 2).toBeLessThan(bx + bw);
      expect(y + h / 2).toBeGreaterThan(by);
      expect(y + h / 2).toBeLessThan(by + bh);
    }
    expect(cells.find((c) => c.getAttribute('id') === 'b:subnet-1')!.getAttribute('style')).toContain(
      'fillColor=#8250df',
    );
  });
});
