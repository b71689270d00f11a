import { diagramPlaces, diagramSide, hexColour, typeOf, type Diagram } from './diagram';
import { escapeXml } from './xml';

/** yEd's ShapeNode shape for each device type and node kind. */
const SHAPES: Record<string, string> = {
  Router: 'ellipse',
  Firewall: 'octagon',
  Switch: 'roundrectangle',
  AccessPoint: 'triangle',
  Server: 'rectangle',
  Hypervisor: 'rectangle3d',
  VirtualMachine: 'roundrectangle',
  Container: 'hexagon',
  Workstation: 'roundrectangle',
  Printer: 'trapezoid',
  Phone: 'ellipse',
  Camera: 'ellipse',
  Storage: 'rectangle3d',
  IoT: 'diamond',
  Unknown: 'ellipse',
  host: 'ellipse',
  hypervisor: 'rectangle3d',
  vm: 'roundrectangle',
  container: 'hexagon',
  interface: 'ellipse',
  subnet: 'parallelogram',
  service: 'roundrectangle',
  group: 'octagon',
};

export const graphmlShape = (kindOrType: string) => SHAPES[kindOrType] ?? 'ellipse';

const KEYS = [
  '<key id="d0" for="node" attr.name="label" attr.type="string"/>',
  '<key id="d1" for="node" attr.name="kind" attr.type="string"/>',
  '<key id="d2" for="node" attr.name="device_type" attr.type="string"/>',
  '<key id="d3" for="node" attr.name="x" attr.type="double"/>',
  '<key id="d4" for="node" attr.name="y" attr.type="double"/>',
  '<key id="d5" for="node" attr.name="netatlas_id" attr.type="string"/>',
  '<key id="d6" for="node" yfiles.type="nodegraphics"/>',
  '<key id="d7" for="edge" attr.name="label" attr.type="string"/>',
  '<key id="d8" for="edge" attr.name="kind" attr.type="string"/>',
  '<key id="d9" for="edge" attr.name="netatlas_id" attr.type="string"/>',
  '<key id="d10" for="edge" yfiles.type="edgegraphics"/>',
  '<key id="d11" for="graph" attr.name="description" attr.type="string"/>',
];

/**
 * The map as GraphML that yEd opens with the canvas's picture: keys label, kind, device_type (the host's,
 * else the node's kind), x and y (the place on the canvas, y down), the API id; and yEd's own ShapeNode
 * (geometry, fill, label, a shape per device type or kind) and PolyLineEdge graphics. Node and edge ids are
 * n0…, e0… (GraphML wants name tokens); the API's ids are in netatlas_id. Pure.
 */
export function toGraphml(diagram: Diagram): string {
  const places = diagramPlaces(diagram.nodes);
  const index = new Map(diagram.nodes.map((n, i) => [n.id, `n${i}`]));
  const data = (key: string, value: string | number) => `<data key="${key}">${escapeXml(String(value))}</data>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:y="http://www.yworks.com/xml/graphml" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://www.yworks.com/xml/schema/graphml/1.1/ygraphml.xsd">',
    ...KEYS,
    '<graph id="G" edgedefault="undirected">',
    data('d11', diagram.name),
  ];
  diagram.nodes.forEach((node) => {
    const p = places.get(node.id)!;
    const side = diagramSide(node);
    lines.push(
      `<node id="${index.get(node.id)}">` +
        data('d0', node.label) +
        data('d1', node.kind) +
        data('d2', typeOf(node)) +
        data('d3', p.x) +
        data('d4', p.y) +
        data('d5', node.id) +
        `<data key="d6"><y:ShapeNode><y:Geometry x="${p.x}" y="${p.y}" width="${side}" height="${side}"/>` +
        `<y:Fill color="${hexColour(node.color).toUpperCase()}" transparent="false"/>` +
        '<y:BorderStyle color="#FFFFFF" type="line" width="1.0"/>' +
        `<y:NodeLabel modelName="sides" modelPosition="s" fontSize="11" textColor="#1F2328">${escapeXml(node.label)}</y:NodeLabel>` +
        `<y:Shape type="${graphmlShape(typeOf(node))}"/></y:ShapeNode></data></node>`,
    );
  });
  let e = 0;
  for (const edge of diagram.edges) {
    const [source, target] = [index.get(edge.source), index.get(edge.target)];
    if (!source || !target) continue;
    const arrow = edge.kind === 'dependency' ? 'standard' : 'none';
    lines.push(
      `<edge id="e${e++}" source="${source}" target="${target}">` +
        data('d7', edge.label ?? '') +
        data('d8', edge.kind) +
        data('d9', edge.id) +
        `<data key="d10"><y:PolyLineEdge><y:LineStyle color="${hexColour(edge.color).toUpperCase()}" type="${edge.kind === 'contains' ? 'dashed' : 'line'}" width="${Math.round(edge.size * 10) / 10}"/>` +
        `<y:Arrows source="none" target="${arrow}"/>` +
        (edge.label ? `<y:EdgeLabel fontSize="10">${escapeXml(edge.label)}</y:EdgeLabel>` : '') +
        '</y:PolyLineEdge></data></edge>',
    );
  }
  lines.push('</graph>', '</graphml>', '');
  return lines.join('\n');
}
