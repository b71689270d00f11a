import { byLabel, neighboursOf, push } from './collections';
import type { GraphColors } from './colors';
import type { DrawnGraph, DrawnNode } from './model';
import type { Point, Positions } from './types';

/**
 * Containers: a subnet holding its hosts (L3Logical), a hypervisor holding its guests (Workloads). The
 * parent sits at its box's top-left corner, its children in rows under it, about twice as wide as tall;
 * boxes are packed in rows in natural order of their labels (10.0.2.0/24 before 10.0.10.0/24); nodes in
 * no container in a grid after them. On L3Logical the gateways (data.gateway, which the server sets on
 * routers, firewalls, and L3 switches) stand in a row above the boxes, each over the middle of the subnets
 * it links. Closed-form and deterministic.
 */
/** Kinds of nodes that hold others: each is drawn as the title of a box around what it holds. */
export const CONTAINER_KINDS: ReadonlySet<string> = new Set(['subnet', 'hypervisor']);

const GAP = 60;
/** Room between boxes, and between the gateways' row and the boxes. */
const MARGIN = GAP * 1.5;
/** The narrowest box: its title (a CIDR and the start of a name) fits at the usual zoom. */
const TITLE_ROOM = GAP * 6;
/** Room between a box's outermost nodes and its border, in graph units: less than half of MARGIN, so boxes never meet. */
export const CONTAINER_PADDING = 24;
/** Gateways side by side at least this far apart, so their names do not run into each other. */
const GATEWAY_SPACING = GAP * 4;

interface Block {
  width: number;
  height: number;
  /** Places relative to the block's top-left corner (y down is negative, as on the canvas). */
  places: Positions;
}

/** A grid of `members` in `columns`, starting `top` below the block's top. */
function grid(members: DrawnNode[], columns: number, places: Positions, top: number): number {
  members.forEach((m, i) => (places[m.id] = { x: (i % columns) * GAP, y: -(top + Math.floor(i / columns) * GAP) }));
  return members.length ? Math.ceil(members.length / columns) : 0;
}

const columnsFor = (count: number) => Math.max(1, Math.ceil(Math.sqrt(count * 2)));

function containerBlock(parent: DrawnNode, children: DrawnNode[]): Block {
  const places: Positions = { [parent.id]: { x: 0, y: 0 } };
  const columns = Math.min(columnsFor(children.length), Math.max(1, children.length));
  const rows = grid([...children].sort(byLabel), columns, places, GAP);
  // the parent's title is written right of it: room for a CIDR and the start of a name
  return { width: Math.max(columns * GAP, TITLE_ROOM), height: (rows + 1) * GAP, places };
}

/** Blocks in rows no wider than about twice the drawing's height, left to right, top to bottom. */
function pack(blocks: Block[], out: Positions, top: number): void {
  const area = blocks.reduce((sum, b) => sum + (b.width + MARGIN) * (b.height + MARGIN), 0);
  const rowWidth = Math.max(...blocks.map((b) => b.width), Math.sqrt(area * 2));
  let [x, y, rowHeight] = [0, top, 0];
  for (const block of blocks) {
    if (x > 0 && x + block.width > rowWidth) [x, y, rowHeight] = [0, y - rowHeight - MARGIN, 0];
    for (const [id, p] of Object.entries(block.places)) out[id] = { x: x + p.x, y: y + p.y };
    x += block.width + MARGIN;
    rowHeight = Math.max(rowHeight, block.height);
  }
}

/** Gateways over the middle of what they link, in that order, GATEWAY_SPACING apart at least. */
function gatewayRow(gateways: DrawnNode[], drawn: DrawnGraph, out: Positions, y: number): void {
  const linked = neighboursOf(drawn.edges);
  const centre = (id: string) => {
    const xs = (linked.get(id) ?? []).flatMap((m) => (out[m] ? [out[m].x] : []));
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
  };
  const wanted = gateways.map((g) => ({ g, x: centre(g.id) })).sort((a, b) => a.x - b.x || byLabel(a.g, b.g));
  let last = -Infinity;
  for (const { g, x } of wanted) {
    last = Math.max(x, last + GATEWAY_SPACING);
    out[g.id] = { x: last, y };
  }
}

export function containerPositions(drawn: DrawnGraph): Positions {
  const ids = new Set(drawn.nodes.map((n) => n.id));
  const children = new Map<string, DrawnNode[]>();
  for (const n of drawn.nodes) if (n.parent && ids.has(n.parent) && n.parent !== n.id) push(children, n.parent, n);
  const roots = drawn.nodes.filter((n) => !(n.parent && ids.has(n.parent)) && !n.gateway);
  const holds = (n: DrawnNode) => children.has(n.id) || CONTAINER_KINDS.has(n.kind);
  const alone = roots.filter((n) => !holds(n)).sort(byLabel);
  const blocks = roots
    .filter(holds)
    .sort(byLabel)
    .map((h) => containerBlock(h, children.get(h.id) ?? []));
  if (alone.length) {
    const places: Positions = {};
    const columns = columnsFor(alone.length);
    const rows = grid(alone, columns, places, 0);
    blocks.push({ width: columns * GAP, height: rows * GAP, places });
  }
  const out: Positions = {};
  const gateways = drawn.nodes.filter((n) => n.gateway);
  pack(blocks, out, gateways.length ? -MARGIN * 2 : 0);
  gatewayRow(gateways, drawn, out, 0);
  // a child whose parent is itself a child (a group inside a subnet inside a subnet) stays by its parent
  for (const node of drawn.nodes) if (!out[node.id]) out[node.id] = { ...(out[node.parent ?? ''] ?? { x: 0, y: 0 }) };
  return out;
}

/** The colour a container's box is drawn in: its parent's kind's. */
export const containerColour = (drawn: DrawnGraph, id: string, colors: GraphColors): string =>
  colors.kinds[drawn.byId.get(id)?.kind ?? 'subnet'] ?? colors.muted;

export interface ContainerBox {
  id: string;
  /** Graph coordinates of the parent and its children, before padding. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Each drawn container's extent, from where its parent and children are now (after a drag, too). */
export function containerBoxes(drawn: DrawnGraph, at: (id: string) => Point | undefined): ContainerBox[] {
  const boxes = new Map<string, ContainerBox>();
  const grow = (id: string, p: Point) => {
    const box = boxes.get(id) ?? { id, left: p.x, right: p.x, top: p.y, bottom: p.y };
    boxes.set(id, {
      id,
      left: Math.min(box.left, p.x),
      right: Math.max(box.right, p.x),
      top: Math.max(box.top, p.y),
      bottom: Math.min(box.bottom, p.y),
    });
  };
  for (const n of drawn.nodes) {
    if (CONTAINER_KINDS.has(n.kind)) {
      const p = at(n.id);
      if (p) grow(n.id, p);
    }
  }
  for (const n of drawn.nodes) {
    const p = n.parent && boxes.has(n.parent) ? at(n.id) : undefined;
    if (p) grow(n.parent!, p);
  }
  // as wide as the room the layout keeps for its title, short of the gap to the next box
  return [...boxes.values()].map((box) => ({ ...box, right: Math.max(box.right, box.left + TITLE_ROOM - GAP) }));
}
