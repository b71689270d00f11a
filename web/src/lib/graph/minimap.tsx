import { useEffect, useRef } from 'react';
import type { GraphColors } from './colors';
import type { TopologySigma } from './sigma-renderer';

const WIDTH = 180;
const HEIGHT = 120;
const PAD = 8;

interface Frame {
  minX: number;
  maxY: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** Fits the graph's bounding box in the minimap; graph y grows upwards, the canvas's downwards. */
function frameOf(renderer: TopologySigma): Frame {
  const graph = renderer.getGraph();
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  graph.forEachNode((_, a) => {
    minX = Math.min(minX, a.x);
    maxX = Math.max(maxX, a.x);
    minY = Math.min(minY, a.y);
    maxY = Math.max(maxY, a.y);
  });
  if (!Number.isFinite(minX)) [minX, maxX, minY, maxY] = [0, 1, 0, 1];
  const scale = Math.min((WIDTH - 2 * PAD) / (maxX - minX || 1), (HEIGHT - 2 * PAD) / (maxY - minY || 1));
  return {
    minX,
    maxY,
    scale,
    offsetX: (WIDTH - (maxX - minX) * scale) / 2,
    offsetY: (HEIGHT - (maxY - minY) * scale) / 2,
  };
}

/** A small overview: every node as a dot and the viewport as a rectangle; a click moves the camera there. */
export function Minimap({
  renderer,
  colors,
  colourOf,
}: {
  renderer: TopologySigma | null;
  colors: GraphColors | null;
  /** A node's colour as drawn (diff colours included); its own colour otherwise. */
  colourOf?: (id: string, own: string) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!renderer || !colors) return;
    let frame = 0;
    const draw = () => {
      frame = 0;
      const context = canvas.current?.getContext('2d');
      if (!context) return;
      const f = frameOf(renderer);
      const toX = (x: number) => f.offsetX + (x - f.minX) * f.scale;
      const toY = (y: number) => f.offsetY + (f.maxY - y) * f.scale;
      context.clearRect(0, 0, WIDTH, HEIGHT);
      renderer.getGraph().forEachNode((id, a) => {
        context.fillStyle = colourOf ? colourOf(id, a.color) : a.color;
        context.fillRect(toX(a.x) - 1.5, toY(a.y) - 1.5, 3, 3);
      });
      const { width, height } = renderer.getDimensions();
      const a = renderer.viewportToGraph({ x: 0, y: 0 });
      const b = renderer.viewportToGraph({ x: width, y: height });
      context.strokeStyle = colors.accent;
      context.lineWidth = 1.5;
      const x = Math.max(0, Math.min(toX(a.x), toX(b.x)));
      const y = Math.max(0, Math.min(toY(a.y), toY(b.y)));
      const x2 = Math.min(WIDTH, Math.max(toX(a.x), toX(b.x)));
      const y2 = Math.min(HEIGHT, Math.max(toY(a.y), toY(b.y)));
      context.strokeRect(x, y, Math.max(2, x2 - x), Math.max(2, y2 - y));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    renderer.on('afterRender', schedule);
    schedule();
    return () => {
      renderer.off('afterRender', schedule);
      cancelAnimationFrame(frame);
    };
  }, [renderer, colors, colourOf]);

  const moveTo = (event: React.MouseEvent<HTMLCanvasElement>) => {
    if (!renderer) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const f = frameOf(renderer);
    const graphPoint = {
      x: f.minX + (event.clientX - rect.left - f.offsetX) / f.scale,
      y: f.maxY - (event.clientY - rect.top - f.offsetY) / f.scale,
    };
    const target = renderer.viewportToFramedGraph(renderer.graphToViewport(graphPoint));
    void renderer.getCamera().animate(target, { duration: 300 });
  };

  return (
    <canvas
      ref={canvas}
      className="graph-minimap"
      width={WIDTH}
      height={HEIGHT}
      data-testid="topology-minimap"
      aria-label="Overview of the whole graph; click to move the view there"
      role="img"
      onClick={moveTo}
    />
  );
}
