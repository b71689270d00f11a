import type { CameraState } from 'sigma/types';
import type { GraphColors } from './colors';
import { CONTAINER_PADDING, containerBoxes, containerColour } from './containers';
import type { DrawnGraph } from './model';
import type { TopologySigma } from './sigma-renderer';

/** A box's border is at least a disc and this much beyond its parent's centre on screen. */
const MIN_PADDING_PX = 6;
const TITLE_FONT = '12px system-ui, sans-serif';

/**
 * Draws each container (a subnet with its hosts, a hypervisor with its guests) as a rounded box under the
 * edges, on a canvas of its own, after every frame sigma draws: boxes follow the camera and dragged nodes.
 */
export function drawContainers(
  renderer: TopologySigma,
  state: () => { drawn: DrawnGraph; colors: GraphColors } | undefined,
): void {
  const canvas = renderer.createCanvas('containers', { beforeLayer: 'edges' });
  const context = canvas.getContext('2d')!;
  renderer.on('afterRender', () => {
    const { width, height } = renderer.getDimensions();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const current = state();
    if (current?.drawn && current.colors) paintContainers(context, renderer, current.drawn, current.colors);
  });
}

/**
 * Paints the boxes and their titles on a 2D context in viewport pixels, as the camera (or `cameraState`,
 * for an export) shows the graph.
 */
export function paintContainers(
  context: CanvasRenderingContext2D,
  renderer: TopologySigma,
  drawn: DrawnGraph,
  colors: GraphColors,
  cameraState?: CameraState,
): void {
  const graph = renderer.getGraph();
  const { width, height } = renderer.getDimensions();
  const toViewport = (p: { x: number; y: number }) => renderer.graphToViewport(p, cameraState ? { cameraState } : {});
  const at = (id: string) => (graph.hasNode(id) ? graph.getNodeAttributes(id) : undefined);
  const unit = Math.abs(toViewport({ x: CONTAINER_PADDING, y: 0 }).x - toViewport({ x: 0, y: 0 }).x);
  for (const box of containerBoxes(drawn, at)) {
    const topLeft = toViewport({ x: box.left, y: box.top });
    const bottomRight = toViewport({ x: box.right, y: box.bottom });
    const radius = renderer.scaleSize(renderer.getNodeDisplayData(box.id)?.size ?? 8, cameraState?.ratio);
    // padded in graph units (boxes never overlap at any zoom), at least a disc and a little on screen
    const pad = Math.max(unit, Math.min(radius + MIN_PADDING_PX, unit * 1.5));
    const left = Math.min(topLeft.x, bottomRight.x) - pad;
    const top = Math.min(topLeft.y, bottomRight.y) - pad;
    const w = Math.abs(bottomRight.x - topLeft.x) + 2 * pad;
    const h = Math.abs(bottomRight.y - topLeft.y) + 2 * pad;
    if (left > width || top > height || left + w < 0 || top + h < 0) continue;
    const colour = containerColour(drawn, box.id, colors);
    context.beginPath();
    context.roundRect(left, top, w, h, Math.min(12, pad));
    context.fillStyle = colour;
    context.globalAlpha = 0.08;
    context.fill();
    context.globalAlpha = 0.45;
    context.strokeStyle = colour;
    context.lineWidth = 1;
    context.stroke();
    context.globalAlpha = 1;
    const parent = { ...toViewport(at(box.id)!), size: radius };
    writeTitle(context, graph.getNodeAttribute(box.id, 'label'), parent, left + w - 6, colors.text);
  }
}

/** A box's title right of its parent's disc, cut to the box's right edge with an ellipsis; none when too narrow. */
function writeTitle(
  context: CanvasRenderingContext2D,
  title: string,
  parent: { x: number; y: number; size: number },
  right: number,
  colour: string,
): void {
  const x = parent.x + parent.size + 4;
  const room = right - x;
  if (room < 30 || !title) return;
  context.font = TITLE_FONT;
  context.fillStyle = colour;
  let text = title;
  if (context.measureText(text).width > room) {
    while (text.length > 1 && context.measureText(`${text}…`).width > room) text = text.slice(0, -1);
    text = `${text}…`;
  }
  context.fillText(text, x, parent.y + 4);
}
