/** The graph as the API answers it (GET /api/v1/topology, the public share's topology). */
export const VIEWS = ['L2Physical', 'L3Logical', 'Workloads', 'Application'] as const;
export type View = (typeof VIEWS)[number];

export interface TopologyNode {
  id: string;
  kind: string;
  label: string;
  parent?: string;
  data: Record<string, unknown>;
}

export interface TopologyEdge {
  id: string;
  source: string;
  target: string;
  kind: string;
  label?: string;
  data: Record<string, unknown>;
}

export interface Point {
  x: number;
  y: number;
}

export type Positions = Record<string, Point>;

export interface TopologyGraph {
  nodes: TopologyNode[];
  edges: TopologyEdge[];
  /** Saved layout: wins over the computed one. */
  positions?: Positions;
}

/** How a diff colours an item: a node or edge id to its change. */
export type Change = 'added' | 'removed' | 'changed';
/** What the canvas colours, a node or edge id to its mark (a change, or being on a path); others are dimmed. */
export type Highlight = Record<string, Change | 'path'>;

/** What a click selects: a node, or an edge with its two end nodes as the API sent them. */
export type Selection =
  | { type: 'node'; node: TopologyNode }
  | { type: 'edge'; edge: TopologyEdge; source?: TopologyNode; target?: TopologyNode };

export const isView = (value: string | null | undefined): value is View =>
  !!value && (VIEWS as readonly string[]).includes(value);
