import { boxPlace, diagramPlaces, diagramSide, hexColour, typeOf, type Diagram, type DiagramNode } from './diagram';
import { escapeAttribute } from './xml';

/**
 * draw.io's shape for each device type and node kind: built-in shapes only (no stencil library to load), so
 * the file opens the same in every draw.io; the colour comes from the map.
 */
const SHAPES: Record<string, string> = {
  Router: 'ellipse;shape=doubleEllipse',
  Firewall: 'shape=hexagon;perimeter=hexagonPerimeter2;size=0.25',
  Switch: 'rounded=1;arcSize=25',
  AccessPoint: 'triangle;direction=north',
  Server: 'rounded=0',
  Hypervisor: 'shape=cube;size=8',
  VirtualMachine: 'rounded=1;dashed=1',
  Container: 'shape=hexagon;perimeter=hexagonPerimeter2;size=0.15',
  Workstation: 'rounded=1;arcSize=10',
  Printer: 'shape=card;size=8',
  Phone: 'ellipse',
  Camera: 'ellipse',
  Storage: 'shape=cylinder3;boundedLbl=1;size=6',
  IoT: 'rhombus',
  Unknown: 'ellipse;dashed=1',
  host: 'ellipse',
  hypervisor: 'shape=cube;size=8',
  vm: 'rounded=1;dashed=1',
  container: 'shape=hexagon;perimeter=hexagonPerimeter2;size=0.15',
  interface: 'ellipse',
  subnet: 'shape=cloud',
  service: 'rounded=1;arcSize=40',
  group: 'shape=folder;tabWidth=18;tabHeight=6',
};

/** A node's draw.io style: its shape, its colour, the label under it. */
export function drawioStyle(node: DiagramNode): string {
  const shape = SHAPES[typeOf(node)] ?? 'ellipse';
  return `${shape};whiteSpace=wrap;html=0;fillColor=${hexColour(node.color)};strokeColor=#ffffff;fontColor=#1f2328;verticalLabelPosition=bottom;verticalAlign=top;align=center;`;
}

function edgeStyle(kind: string, size: number, color: string): string {
  const arrow = kind === 'dependency' ? 'endArrow=classic' : 'endArrow=none';
  const dashed = kind === 'contains' ? 'dashed=1;' : '';
  return `${arrow};html=0;${dashed}strokeColor=${hexColour(color)};strokeWidth=${Math.round(size * 10) / 10};fontColor=#57606a;`;
}

/**
 * The map as a draw.io (diagrams.net) file: mxfile > diagram > mxGraphModel > root > mxCell. Each node a
 * vertex at its place on the canvas (y down) with its label and a style per device type or kind; each edge
 * between two drawn nodes an edge cell with its label. Cell ids are "n:<node id>" and "e:<edge id>"; cells 0
 * and 1 are draw.io's root and layer. Pure.
 */
export function toDrawio(diagram: Diagram): string {
  const places = diagramPlaces(diagram.nodes);
  const drawn = new Set(diagram.nodes.map((n) => n.id));
  let [width, height] = [0, 0];
  const cells = ['<mxCell id="0"/>', '<mxCell id="1" parent="0"/>'];
  // containers first, so draw.io draws them under the nodes
  for (const box of diagram.boxes ?? []) {
    const { x, y, width: w, height: h } = boxPlace(box, diagram.nodes);
    width = Math.max(width, x + w);
    height = Math.max(height, y + h);
    cells.push(
      `<mxCell id="${escapeAttribute(`b:${box.id}`)}" value="" style="${escapeAttribute(`rounded=1;arcSize=6;fillColor=${hexColour(box.color)};opacity=15;strokeColor=${hexColour(box.color)};`)}" vertex="1" parent="1">` +
        `<mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`,
    );
  }
  for (const node of diagram.nodes) {
    const p = places.get(node.id)!;
    const side = diagramSide(node);
    width = Math.max(width, p.x + side);
    height = Math.max(height, p.y + side);
    cells.push(
      `<mxCell id="${escapeAttribute(`n:${node.id}`)}" value="${escapeAttribute(node.label)}" style="${escapeAttribute(drawioStyle(node))}" vertex="1" parent="1">` +
        `<mxGeometry x="${p.x}" y="${p.y}" width="${side}" height="${side}" as="geometry"/></mxCell>`,
    );
  }
  for (const edge of diagram.edges) {
    if (!drawn.has(edge.source) || !drawn.has(edge.target)) continue;
    cells.push(
      `<mxCell id="${escapeAttribute(`e:${edge.id}`)}" value="${escapeAttribute(edge.label ?? '')}" style="${escapeAttribute(edgeStyle(edge.kind, edge.size, edge.color))}" edge="1" parent="1" source="${escapeAttribute(`n:${edge.source}`)}" target="${escapeAttribute(`n:${edge.target}`)}">` +
        '<mxGeometry relative="1" as="geometry"/></mxCell>',
    );
  }
  const page = (n: number) => Math.ceil(n + 80);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<mxfile host="Netatlas" type="device">',
    `<diagram id="netatlas-topology" name="${escapeAttribute(diagram.name)}">`,
    `<mxGraphModel dx="0" dy="0" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="${page(width)}" pageHeight="${page(height)}" math="0" shadow="0">`,
    '<root>',
    ...cells,
    '</root>',
    '</mxGraphModel>',
    '</diagram>',
    '</mxfile>',
    '',
  ].join('\n');
}
