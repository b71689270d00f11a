import type { DrawnEdge } from './model';
import type { Point } from './types';

/** A node as the diagram exports (draw.io, GraphML) write it: where it is drawn now, and what it is. */
export interface DiagramNode extends Point {
  id: string;
  label: string;
  /** The API's kind: host, interface, subnet, hypervisor, vm, container, service, group. */
  kind: string;
  /** A host's `data.device_type` when the API gave one. */
  deviceType?: string;
  /** Radius as drawn on the canvas. */
  size: number;
  color: string;
}

/** An edge between two drawn nodes, in the colour it is drawn. */
export interface DiagramEdge extends DrawnEdge {
  color: string;
}

/** A container's box (a subnet's, a hypervisor's) in graph coordinates (y up), padded, in its colour. */
export interface DiagramBox {
  id: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  color: string;
}

export interface Diagram {
  /** The diagram's name: "L2 physical topology · Office LAN · live at …". */
  name: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** Boxes drawn under the nodes (L3Logical, Workloads). */
  boxes?: DiagramBox[];
}

/** What a node is drawn as in the diagram: its device type when known, else its kind. */
export const typeOf = (node: DiagramNode) => node.deviceType ?? node.kind;

/** Diagram nodes are larger than the canvas's discs (labels sit under them, not beside). */
export const diagramSide = (node: DiagramNode) => Math.round(Math.max(24, node.size * 4));

const round = (v: number) => Math.round(v * 100) / 100;

/** The top left corner of the nodes' extent in the diagram's plane (y down), before the margin. */
function origin(nodes: DiagramNode[]): Point {
  let [minX, minY] = [Infinity, Infinity];
  for (const n of nodes) {
    minX = Math.min(minX, n.x - diagramSide(n) / 2);
    minY = Math.min(minY, -n.y - diagramSide(n) / 2);
  }
  return { x: minX, y: minY };
}

/**
 * The canvas's positions in the diagram's plane: y grows downwards in both formats (sigma's grows upwards),
 * and the top left node's corner sits at `margin`. Each position is the node's top left corner.
 */
export function diagramPlaces(nodes: DiagramNode[], margin = 40): Map<string, Point> {
  const { x: minX, y: minY } = origin(nodes);
  return new Map(
    nodes.map((n) => [
      n.id,
      { x: round(n.x - diagramSide(n) / 2 - minX + margin), y: round(-n.y - diagramSide(n) / 2 - minY + margin) },
    ]),
  );
}

/** A box in the diagram's plane, as diagramPlaces places the nodes (a box reaching above them is clipped at 0). */
export function boxPlace(
  box: DiagramBox,
  nodes: DiagramNode[],
  margin = 40,
): { x: number; y: number; width: number; height: number } {
  const { x: minX, y: minY } = origin(nodes);
  const x = Math.max(0, round(box.left - minX + margin));
  const y = Math.max(0, round(-box.top - minY + margin));
  return { x, y, width: round(box.right - minX + margin - x), height: round(-box.bottom - minY + margin - y) };
}

/** #rrggbb for a CSS colour written #rgb, #rrggbb or #rrggbbaa (what the themes use); else the fallback. */
export function hexColour(color: string, fallback = '#7d8590'): string {
  const c = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(c)) return c;
  if (/^#[0-9a-f]{8}$/.test(c)) return c.slice(0, 7);
  if (/^#[0-9a-f]{3}$/.test(c)) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`;
  return fallback;
}
