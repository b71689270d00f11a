import { drawOnCanvas } from '@sigma/export-image';
import { DEVICE_GLYPHS } from '../device-types';
import type { GraphColors } from './colors';
import { deviceTypeOfNode } from './device-look';
import { paintContainers } from './container-layer';
import { CONTAINER_PADDING, containerBoxes, containerColour } from './containers';
import type { Diagram, DiagramBox, DiagramEdge, DiagramNode } from './diagram';
import { downloadBlob } from './download';
import { toDrawio } from './drawio';
import { exportHeading, exportLegend, type ExportCaption } from './export-meta';
import { toGraphml } from './graphml';
import type { DrawnGraph } from './model';
import { framePng, withPngText } from './png';
import { BASE_CAMERA, reducers, type TopologySigma } from './sigma-renderer';
import { toSvg } from './svg';
import type { Highlight } from './types';

export type ExportFormat = 'png' | 'svg' | 'drawio' | 'graphml';

export const EXPORT_FORMATS: { format: ExportFormat; name: string; description: string }[] = [
  { format: 'png', name: 'PNG', description: 'An image of the whole map, with title, instant and legend' },
  { format: 'svg', name: 'SVG', description: 'A vector image of the whole map, with title, instant and legend' },
  { format: 'drawio', name: 'draw.io', description: 'A diagram to edit in draw.io (diagrams.net)' },
  { format: 'graphml', name: 'GraphML', description: 'A graph to open in yEd or another GraphML tool' },
];

export interface ExportInput {
  renderer: TopologySigma;
  drawn: DrawnGraph;
  colors: GraphColors;
  highlight?: Highlight;
  caption: ExportCaption;
  /** Without extension. */
  fileName: string;
}

/** The drawn nodes and edges where they are now, in the colours they are drawn (a highlight's included). */
function drawing({ renderer, drawn, colors, highlight }: ExportInput): {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  boxes: DiagramBox[];
} {
  const g = renderer.getGraph();
  const shown = (id: string, own: string) => (highlight ? (highlight[id] ? colors[highlight[id]] : colors.dim) : own);
  const nodes = g.mapNodes((id, a): DiagramNode => {
    const type = drawn.byId.get(id)?.data.device_type;
    return {
      id,
      label: a.label,
      kind: a.kind,
      ...(typeof type === 'string' && { deviceType: type }),
      x: a.x,
      y: a.y,
      size: renderer.getNodeDisplayData(id)?.size ?? a.size,
      color: shown(id, a.color),
    };
  });
  const edges = g.mapEdges((id, a, source, target): DiagramEdge => ({
    id,
    source,
    target,
    kind: a.kind,
    label: a.label,
    ...(a.ports && { ports: a.ports }),
    size: a.size,
    color: shown(id, a.color),
  }));
  const at = (id: string) => (g.hasNode(id) ? g.getNodeAttributes(id) : undefined);
  const boxes = containerBoxes(drawn, at).map((b): DiagramBox => ({
    id: b.id,
    left: b.left - CONTAINER_PADDING,
    right: b.right + CONTAINER_PADDING,
    top: b.top + CONTAINER_PADDING,
    bottom: b.bottom - CONTAINER_PADDING,
    color: containerColour(drawn, b.id, colors),
  }));
  return { nodes, edges, boxes };
}

/** The background, then the containers' boxes as the canvas draws them, then sigma's layers over them. */
function underContainers(layers: HTMLCanvasElement, { renderer, drawn, colors }: ExportInput): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = layers.width;
  canvas.height = layers.height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = colors.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  const ratio = window.devicePixelRatio || 1;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  paintContainers(context, renderer, drawn, colors, BASE_CAMERA);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.drawImage(layers, 0, 0);
  return canvas;
}

const blobBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/**
 * Saves the map as a file. PNG and SVG carry a heading (title; network and instant) and a legend of what is
 * drawn; the PNG also as text chunks. draw.io and GraphML carry the nodes where they are, their labels and
 * device types (else kinds), and the edges. The images show the whole map, whatever the camera shows.
 */
export async function exportMap(format: ExportFormat, input: ExportInput): Promise<void> {
  const { renderer, drawn, colors, highlight, caption, fileName } = input;
  const heading = exportHeading(caption, new Date());
  const { nodes, edges, boxes } = drawing(input);
  if (format === 'png') {
    const layers = await drawOnCanvas(renderer as unknown as Parameters<typeof drawOnCanvas>[0], {
      backgroundColor: 'transparent',
      cameraState: BASE_CAMERA,
      // The map as it is, without the selection drawn on it (a highlight's colours stay).
      sigmaSettings: reducers(() => ({ selected: null, selectedDrawn: [], highlight, colors })),
    });
    const framed = framePng(
      underContainers(layers, input),
      heading,
      exportLegend(drawn, colors, highlight),
      colors,
      window.devicePixelRatio || 1,
    );
    const blob = await new Promise<Blob>((resolve, reject) =>
      framed.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser made no image'))), 'image/png'),
    );
    const png = withPngText(await blobBytes(blob), {
      Title: heading.title,
      Description: heading.subtitle,
      Software: 'Netatlas',
      'Creation Time': new Date().toISOString(),
    });
    downloadBlob(new Blob([png], { type: 'image/png' }), `${fileName}.png`);
    return;
  }
  if (format === 'svg') {
    const glyphed = nodes.map((n) => {
      const type = deviceTypeOfNode(drawn.byId.get(n.id));
      return type ? { ...n, glyph: DEVICE_GLYPHS[type] } : n;
    });
    const svg = toSvg(glyphed, edges, {
      background: colors.background,
      textColor: colors.text,
      mutedColor: colors.muted,
      edgeLabels: true,
      heading,
      legend: exportLegend(drawn, colors, highlight),
      boxes,
    });
    downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}.svg`);
    return;
  }
  const diagram: Diagram = { name: `${heading.title} · ${heading.subtitle}`, nodes, edges, boxes };
  if (format === 'drawio')
    downloadBlob(new Blob([toDrawio(diagram)], { type: 'application/xml' }), `${fileName}.drawio`);
  else downloadBlob(new Blob([toGraphml(diagram)], { type: 'application/graphml+xml' }), `${fileName}.graphml`);
}
