import type { Point } from './types';

export interface SvgNode extends Point {
  id: string;
  label: string;
  size: number;
  color: string;
}

export interface SvgEdge {
  source: string;
  target: string;
  size: number;
  color: string;
  label?: string;
}

export interface SvgOptions {
  background: string;
  textColor: string;
  /** Padding around the drawing, in graph units. */
  padding?: number;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An SVG document of the graph from its node positions, colours and labels. Graph y grows upwards (as
 * sigma draws it), SVG's downwards: y is flipped so the file looks like the screen. Pure.
 */
export function toSvg(nodes: SvgNode[], edges: SvgEdge[], options: SvgOptions): string {
  const padding = options.padding ?? 40;
  const at = new Map(nodes.map((n) => [n.id, n]));
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => -n.y);
  const minX = (nodes.length ? Math.min(...xs) : 0) - padding;
  const minY = (nodes.length ? Math.min(...ys) : 0) - padding;
  const width = (nodes.length ? Math.max(...xs) : 0) + padding - minX;
  const height = (nodes.length ? Math.max(...ys) : 0) + padding - minY;
  const lines: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(minX)} ${round(minY)} ${round(width)} ${round(height)}" width="${Math.ceil(width)}" height="${Math.ceil(height)}" font-family="system-ui, sans-serif">`,
    `<rect x="${round(minX)}" y="${round(minY)}" width="${round(width)}" height="${round(height)}" fill="${escape(options.background)}"/>`,
    '<g class="edges">',
  ];
  for (const edge of edges) {
    const a = at.get(edge.source);
    const b = at.get(edge.target);
    if (!a || !b) continue;
    lines.push(
      `<line x1="${round(a.x)}" y1="${round(-a.y)}" x2="${round(b.x)}" y2="${round(-b.y)}" stroke="${escape(edge.color)}" stroke-width="${round(edge.size)}"><title>${escape(edge.label ?? '')}</title></line>`,
    );
  }
  lines.push('</g>', '<g class="nodes">');
  for (const node of nodes) {
    lines.push(
      `<g><circle cx="${round(node.x)}" cy="${round(-node.y)}" r="${round(node.size)}" fill="${escape(node.color)}"/>` +
        `<text x="${round(node.x + node.size + 3)}" y="${round(-node.y + 4)}" font-size="11" fill="${escape(options.textColor)}">${escape(node.label)}</text></g>`,
    );
  }
  lines.push('</g>', '</svg>');
  return lines.join('\n');
}
