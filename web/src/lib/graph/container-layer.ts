import type { GraphColors } from './colors';
import { containerBoxes } from './containers';
import type { DrawnGraph } from './model';
import type { TopologySigma } from './sigma-renderer';

/** Room between a container's outermost nodes and its border, in screen pixels beyond their discs. */
const PADDING = 10;

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
      const pad = (renderer.getNodeDisplayData(box.id)?.size ?? 8) + PADDING;
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
    }
  });
}
