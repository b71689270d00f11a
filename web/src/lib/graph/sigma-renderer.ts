import Graph from 'graphology';
import Sigma from 'sigma';
import type { CameraState, NodeDisplayData, PartialButFor } from 'sigma/types';
import type { Settings } from 'sigma/settings';
import { createNodeImageProgram } from '@sigma/node-image';
import type { DeviceType } from '../device-types';
import { namedColor, type GraphColors } from './colors';
import { DEVICE_COLORS, deviceSize, deviceTypeOfNode, glyphUrl } from './device-look';
import { CONTAINER_KINDS } from './containers';
import { placeIn, type Box, type Size } from './fit';
import { drawLinkLabel } from './edge-labels';
import { CONTAINS, type DrawnGraph } from './model';
import type { Highlight } from './types';

/**
 * Everything that touches sigma and graphology lives here and in topology-canvas.tsx: a library swap
 * rewrites lib/graph and nothing else.
 */
export interface NodeAttributes {
  x: number;
  y: number;
  size: number;
  label: string;
  kind: string;
  color: string;
  zIndex?: number;
  highlighted?: boolean;
  /** Nodes with a device type are drawn as its pictogram on a disc of its colour. */
  type?: 'image';
  image?: string;
  deviceType?: DeviceType;
}

export interface EdgeAttributes {
  size: number;
  label?: string;
  kind: string;
  color: string;
  type: 'line' | 'arrow';
  /** A link's port names, source end first: its label is written in reading order (edge-labels.ts). */
  ports?: [string, string];
  zIndex?: number;
}

export type TopologyGraphology = Graph<NodeAttributes, EdgeAttributes>;
export type TopologySigma = Sigma<NodeAttributes, EdgeAttributes>;

/** A device in its type's colour, anything else in its kind's. */
const nodeColour = (kind: string, type: DeviceType | undefined, colors: GraphColors) =>
  type ? DEVICE_COLORS[type] : (colors.kinds[kind] ?? colors.muted);

/** Dependencies in their own colour; drawn-only "contains" lines fainter than real edges. */
function edgeColour(kind: string, named: unknown, colors: GraphColors): string {
  if (kind === 'dependency') return namedColor(named) ?? colors.edge;
  if (kind === CONTAINS) return colors.dim;
  return colors.edge;
}

/** The drawing as a graphology graph, every node at the origin until the layout places it. */
export function toGraphology(drawn: DrawnGraph, colors: GraphColors): TopologyGraphology {
  const graph: TopologyGraphology = new Graph({ multi: true, type: 'mixed' });
  for (const node of drawn.nodes) {
    const type = deviceTypeOfNode(drawn.byId.get(node.id));
    graph.addNode(node.id, {
      x: 0,
      y: 0,
      size: deviceSize(type, node.size),
      label: node.label,
      kind: node.kind,
      color: nodeColour(node.kind, type, colors),
      ...(type && { type: 'image', image: glyphUrl(type), deviceType: type }),
    });
  }
  for (const edge of drawn.edges) {
    if (!graph.hasNode(edge.source) || !graph.hasNode(edge.target)) continue;
    const api = drawn.edgeById.get(edge.id);
    graph.addDirectedEdgeWithKey(edge.id, edge.source, edge.target, {
      size: edge.size,
      label: edge.label,
      kind: edge.kind,
      color: edgeColour(edge.kind, api?.data.color, colors),
      type: edge.kind === 'dependency' ? 'arrow' : 'line',
      ...(edge.ports && { ports: edge.ports }),
    });
  }
  return graph;
}

/** Re-colours nodes and edges for a new theme without rebuilding the graph. */
export function recolour(graph: TopologyGraphology, drawn: DrawnGraph, colors: GraphColors): void {
  graph.updateEachNodeAttributes((_, a) => ({ ...a, color: nodeColour(a.kind, a.deviceType, colors) }));
  graph.updateEachEdgeAttributes((edge, a) => ({
    ...a,
    color: edgeColour(a.kind, drawn.edgeById.get(edge)?.data.color, colors),
  }));
}

export interface ReducerState {
  selected: string | null;
  /** The drawn node a selection of a folded interface points at; a selected edge's two ends. */
  selectedDrawn: string[];
  highlight: Highlight | undefined;
  colors: GraphColors;
}

/** Diff colours, dimming of what did not change, and the selection drawn on top. */
export function reducers(state: () => ReducerState): Pick<Settings, 'nodeReducer' | 'edgeReducer'> {
  return {
    nodeReducer(node, data) {
      const { selected, selectedDrawn, highlight, colors } = state();
      const out: Partial<NodeDisplayData> = { ...data };
      // a container's title is written on its box, to the box's width (container-layer.ts)
      if (CONTAINER_KINDS.has(data.kind)) out.label = null;
      if (highlight) {
        const change = highlight[node];
        out.color = change ? colors[change] : colors.dim;
        if (change) out.zIndex = 1;
      }
      if (node === selected || selectedDrawn.includes(node)) {
        out.highlighted = true;
        out.zIndex = 2;
      }
      return out;
    },
    edgeReducer(edge, data) {
      const { selected, highlight, colors } = state();
      const out = { ...data };
      // "47 links" on every cable of a group says what its width already does: only when selected
      if (data.kind === 'aggregate' && edge !== selected) out.label = undefined;
      if (highlight) {
        const change = highlight[edge];
        out.color = change ? colors[change] : colors.dim;
        if (change) out.size = Math.max(2, data.size ?? 1);
      }
      if (edge === selected) {
        out.color = colors.accent;
        out.size = (data.size ?? 1) + 2;
        out.zIndex = 2;
        out.forceLabel = true;
      }
      return out;
    },
  };
}

/** A hover label readable in both themes: the theme's surface behind the theme's text. */
function hoverDrawer(colors: () => GraphColors) {
  return (
    context: CanvasRenderingContext2D,
    data: PartialButFor<NodeDisplayData, 'x' | 'y' | 'size' | 'label' | 'color'>,
    settings: Settings<NodeAttributes, EdgeAttributes>,
  ) => {
    const { surface, text, border } = colors();
    const size = settings.labelSize;
    context.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`;
    const label = data.label ?? '';
    if (!label) return;
    const width = context.measureText(label).width + 10;
    const height = size + 8;
    const x = data.x + data.size + 2;
    const y = data.y - height / 2;
    context.fillStyle = surface;
    context.strokeStyle = border;
    context.beginPath();
    context.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
    context.fill();
    context.stroke();
    context.fillRect(x, y, width, height);
    context.strokeRect(x, y, width, height);
    context.fillStyle = text;
    context.fillText(label, x + 5, data.y + size / 3);
  };
}

export function createRenderer(
  graph: TopologyGraphology,
  container: HTMLElement,
  state: () => ReducerState,
): TopologySigma {
  const { colors } = state();
  return new Sigma<NodeAttributes, EdgeAttributes>(graph, container, {
    renderEdgeLabels: true,
    enableEdgeEvents: true,
    zIndex: true,
    labelColor: { color: colors.text },
    edgeLabelColor: { color: colors.muted },
    labelSize: 12,
    edgeLabelSize: 11,
    labelRenderedSizeThreshold: 5,
    // few labels per screen area: rows of switches would otherwise print over each other; zoom shows more
    labelDensity: 0.35,
    labelGridCellSize: 200,
    // Room for the overlays (search, buttons, legend, minimap) around the fitted drawing.
    stagePadding: 64,
    defaultDrawNodeHover: hoverDrawer(() => state().colors),
    defaultDrawEdgeLabel: drawLinkLabel,
    nodeProgramClasses: {
      // no debounce: the atlas is drawn as soon as the (tiny, local) pictograms are in
      image: createNodeImageProgram({
        drawingMode: 'background',
        keepWithinCircle: true,
        padding: 0.2,
        debounceTimeout: null,
      }),
    },
    ...reducers(state),
  });
}

/** Applies a new theme's label colours. */
export function applyTheme(renderer: TopologySigma, colors: GraphColors): void {
  renderer.setSetting('labelColor', { color: colors.text });
  renderer.setSetting('edgeLabelColor', { color: colors.muted });
}

/** The camera sigma starts with: the whole drawing in the viewport less stagePadding. */
export const BASE_CAMERA: CameraState = { x: 0.5, y: 0.5, ratio: 1, angle: 0 };

/** About how wide a node's label is drawn (12 px system font), capped: labels sit right of their node. */
const labelWidth = (label: string | undefined) => (label ? Math.min(label.length, 40) * 7 + 6 : 0);

/**
 * The camera that shows every node, its disc and its label, inside the free part of the viewport that
 * `areaFor` gives for a drawing of that size (the viewport less its overlays, fit.ts). Never closer than
 * sigma's own fit. Camera coordinates are sigma's framed graph, which is linear in the viewport at a fixed
 * ratio, so the centre is found by converting two viewport points at the base camera.
 */
export function fittedCamera(renderer: TopologySigma, areaFor: (drawing: Size) => Box): CameraState {
  const graph = renderer.getGraph();
  if (!graph.order) return BASE_CAMERA;
  const content: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  graph.forEachNode((id, a) => {
    const p = renderer.graphToViewport(a, { cameraState: BASE_CAMERA });
    const r = renderer.getNodeDisplayData(id)?.size ?? a.size;
    content.left = Math.min(content.left, p.x - r);
    content.right = Math.max(content.right, p.x + r + labelWidth(a.label));
    content.top = Math.min(content.top, p.y - r);
    content.bottom = Math.max(content.bottom, p.y + r);
  });
  const area = areaFor({ width: content.right - content.left, height: content.bottom - content.top });
  const { scale, from, to } = placeIn(content, area);
  const ratio = 1 / scale;
  const fromFramed = renderer.viewportToFramedGraph(from, { cameraState: BASE_CAMERA });
  const toFramed = renderer.viewportToFramedGraph(to, { cameraState: BASE_CAMERA });
  return {
    x: fromFramed.x - ratio * (toFramed.x - BASE_CAMERA.x),
    y: fromFramed.y - ratio * (toFramed.y - BASE_CAMERA.y),
    ratio,
    angle: 0,
  };
}

/** Whether the camera is still where a fit put it (nobody zoomed or panned since). */
export function sameCamera(a: CameraState | null, b: CameraState): boolean {
  return (
    !!a &&
    ['x', 'y', 'ratio', 'angle'].every((k) => Math.abs(a[k as keyof CameraState] - b[k as keyof CameraState]) < 1e-6)
  );
}
