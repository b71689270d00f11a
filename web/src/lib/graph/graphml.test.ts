import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { diagramFixture, TRICKY_LABEL } from './diagram-fixture';
import { toGraphml } from './graphml';

const GRAPHML = 'http://graphml.graphdrawing.org/xmlns';
const Y = 'http://www.yworks.com/xml/graphml';

const parse = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');

describe('toGraphml', () => {
  const diagram = diagramFixture();
  const doc = parse(toGraphml(diagram));
  const all = (name: string) => Array.from(doc.getElementsByTagNameNS(GRAPHML, name)) as Element[];
  const keys = all('key');
  const keyOf = (name: string, domain = 'node') =>
    keys.find((k) => k.getAttribute('attr.name') === name && k.getAttribute('for') === domain)?.getAttribute('id');
  const dataOf = (element: Element, key: string) =>
    (Array.from(element.childNodes) as Element[]).find((c) => c.nodeType === 1 && c.getAttribute('key') === key)
      ?.textContent;
  const nodes = all('node');
  const node = (apiId: string) => nodes.find((n) => dataOf(n, keyOf('netatlas_id')!) === apiId)!;

  it('is GraphML with yEd keys for label, kind, device_type, x and y, and yEd node and edge graphics', () => {
    expect(doc.documentElement!.namespaceURI).toBe(GRAPHML);
    for (const name of ['label', 'kind', 'device_type', 'x', 'y']) expect(keyOf(name)).toBeTruthy();
    expect(
      keys.find((k) => k.getAttribute('x') === null && k.getAttribute('yfiles.type') === 'nodegraphics'),
    ).toBeTruthy();
    expect(keys.find((k) => k.getAttribute('yfiles.type') === 'edgegraphics')?.getAttribute('for')).toBe('edge');
    expect(keys.find((k) => k.getAttribute('attr.name') === 'x')?.getAttribute('attr.type')).toBe('double');
    expect(all('graph')[0].getAttribute('edgedefault')).toBe('undirected');
  });

  it('writes every node with its label, kind, device type (else its kind) and place, and a ShapeNode there', () => {
    expect(nodes).toHaveLength(diagram.nodes.length);
    for (const source of diagram.nodes) {
      const n = node(source.id);
      expect(dataOf(n, keyOf('label')!)).toBe(source.label.replace('\u0007', ''));
      expect(dataOf(n, keyOf('kind')!)).toBe(source.kind);
      expect(dataOf(n, keyOf('device_type')!)).toBe(source.deviceType ?? source.kind);
      const [shape] = Array.from(n.getElementsByTagNameNS(Y, 'ShapeNode')) as Element[];
      const [geometry] = Array.from(shape.getElementsByTagNameNS(Y, 'Geometry')) as Element[];
      expect(Number(geometry.getAttribute('x'))).toBe(Number(dataOf(n, keyOf('x')!)));
      expect(Number(geometry.getAttribute('y'))).toBe(Number(dataOf(n, keyOf('y')!)));
      expect(Number(geometry.getAttribute('width'))).toBeGreaterThan(0);
      expect(shape.getElementsByTagNameNS(Y, 'NodeLabel')[0].textContent).toBe(dataOf(n, keyOf('label')!));
      expect(shape.getElementsByTagNameNS(Y, 'Fill')[0].getAttribute('color')).toMatch(/^#[0-9A-F]{6}$/);
    }
    const y = (id: string) => Number(dataOf(node(id), keyOf('y')!));
    expect(y('r1')).toBeLessThan(y('sw1')); // y points down, as yEd draws
    const shapeOf = (id: string) => node(id).getElementsByTagNameNS(Y, 'Shape')[0].getAttribute('type');
    expect([shapeOf('r1'), shapeOf('sw1'), shapeOf('srv')]).toEqual(['ellipse', 'roundrectangle', 'ellipse']);
  });

  it('writes every edge between nodes that exist, with its label, and leaves out edges to nodes not drawn', () => {
    const ids = new Set(nodes.map((n) => n.getAttribute('id')));
    const edges = all('edge');
    expect(edges).toHaveLength(3);
    for (const e of edges) {
      expect(ids.has(e.getAttribute('source'))).toBe(true);
      expect(ids.has(e.getAttribute('target'))).toBe(true);
    }
    const link = edges.find((e) => dataOf(e, keyOf('netatlas_id', 'edge')!) === 'link:c:d')!;
    expect(link.getAttribute('source')).toBe(node('sw1').getAttribute('id'));
    expect(dataOf(link, keyOf('label', 'edge')!)).toBe('ge-0/0/3 ↔ eth0 <&>');
  });

  it('keeps a label with & < > " and quotes as it is', () => {
    expect(dataOf(node('srv'), keyOf('label')!)).toBe(TRICKY_LABEL);
    expect(dataOf(all('graph')[0], keyOf('description', 'graph')!)).toBe(diagram.name);
  });
});
