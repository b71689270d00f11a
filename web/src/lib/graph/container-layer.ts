import type { GraphColors } from './colors';
import { containerBoxes } from './containers';
import type { DrawnGraph } from './model';
import type { TopologySigma } from './sigma-renderer';

/**
 * Room between a container's outermost nodes and its border, in graph units (it scales with the zoom, as
 * the room between boxes does: boxes never overlap), and at least a disc and a little more on screen.
 */
const PADDING = 24;
const MIN_PADDING_PX = 6;

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
  const graph = () => renderer.getGraph();
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
    if (!current?.drawn || !current.colors) return;
    const { drawn, colors } = current;
    const at = (id: string) => (graph().hasNode(id) ? graph().getNodeAttributes(id) : undefined);
    for (const box of containerBoxes(drawn, at)) {
      const topLeft = renderer.graphToViewport({ x: box.left, y: box.top });
      const bottomRight = renderer.graphToViewport({ x: box.right, y: box.bottom });
      const radius = renderer.scaleSize(renderer.getNodeDisplayData(box.id)?.size ?? 8);
      const unit = Math.abs(
        renderer.graphToViewport({ x: PADDING, y: 0 }).x - renderer.graphToViewport({ x: 0, y: 0 }).x,
      );
      const pad = Math.max(unit, Math.min(radius + MIN_PADDING_PX, unit * 1.5));
      const kind = drawn.byId.get(box.id)?.kind ?? 'subnet';
      const left = Math.min(topLeft.x, bottomRight.x) - pad;
      const top = Math.min(topLeft.y, bottomRight.y) - pad;
      const w = Math.abs(bottomRight.x - topLeft.x) + 2 * pad;
      const h = Math.abs(bottomRight.y - topLeft.y) + 2 * pad;
      if (left > width || top > height || left + w < 0 || top + h < 0) continue;
      context.beginPath();
      context.roundRect(left, top, w, h, Math.min(12, pad));
      context.fillStyle = colors.kinds[kind] ?? colors.muted;
      context.globalAlpha = 0.08;
      context.fill();
      context.globalAlpha = 0.45;
      context.strokeStyle = colors.kinds[kind] ?? colors.border;
      context.lineWidth = 1;
      context.stroke();
      context.globalAlpha = 1;
      const parent = { ...renderer.graphToViewport(at(box.id)!), size: radius };
      writeTitle(context, graph().getNodeAttribute(box.id, 'label'), parent, left + w - 6, colors.text);
    }
  });
}

const TITLE_FONT = '12px system-ui, sans-serif';

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
