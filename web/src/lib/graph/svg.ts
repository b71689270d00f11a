import type { DiagramBox } from './diagram';
import type { ExportHeading, LegendEntry } from './export-meta';
import { portsFrom, startsAtSource } from './reading';
import type { Point } from './types';
import { escapeXml } from './xml';

export interface SvgNode extends Point {
  id: string;
  label: string;
  size: number;
  color: string;
  /** A pictogram drawn white on the disc: SVG markup on a 24×24 grid (lib/device-types DEVICE_GLYPHS). */
  glyph?: string;
}

export interface SvgEdge {
  source: string;
  target: string;
  size: number;
  color: string;
  label?: string;
  /** A link's port names, source end first: written in reading order from the end the text starts at. */
  ports?: readonly [string, string];
}

export interface SvgOptions {
  background: string;
  textColor: string;
  /** Padding around the drawing, in graph units. */
  padding?: number;
  /** A title and a line under it (network, instant), above the drawing. */
  heading?: ExportHeading;
  /** What the colours mean, under the drawing. */
  legend?: LegendEntry[];
  /** The heading's second line and the legend's text; textColor when absent. */
  mutedColor?: string;
  /** Edge labels written along their lines (else only as the lines' titles). */
  edgeLabels?: boolean;
  /** Containers' boxes (graph coordinates, padded), drawn under the edges. */
  boxes?: DiagramBox[];
}

const HEADING_HEIGHT = 56;
const LEGEND_ROW = 20;
/** About how wide text is drawn, per character, at a font size (system sans-serif). */
const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/** Legend items in rows no wider than `width`: each item's place relative to the legend's top left. */
function legendRows(entries: LegendEntry[], width: number): { entry: LegendEntry; x: number; y: number }[] {
  const placed: { entry: LegendEntry; x: number; y: number }[] = [];
  let [x, y] = [0, 0];
  for (const entry of entries) {
    const w = 24 + textWidth(entry.label, 11) + 14;
    if (x > 0 && x + w > width) [x, y] = [0, y + LEGEND_ROW];
    placed.push({ entry, x, y });
    x += w;
  }
  return placed;
}

const escape = escapeXml;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An SVG document of the graph from its node positions, colours and labels. Graph y grows upwards (as
 * sigma draws it), SVG's downwards: y is flipped so the file looks like the screen. Pure.
 */
export function toSvg(nodes: SvgNode[], edges: SvgEdge[], options: SvgOptions): string {
  const padding = options.padding ?? 40;
  const at = new Map(nodes.map((n) => [n.id, n]));
  const boxes = options.boxes ?? [];
  const xs = [...nodes.map((n) => n.x), ...boxes.flatMap((b) => [b.left, b.right])];
  const ys = [...nodes.map((n) => -n.y), ...boxes.flatMap((b) => [-b.top, -b.bottom])];
  const minX = (xs.length ? Math.min(...xs) : 0) - padding;
  const minY = (ys.length ? Math.min(...ys) : 0) - padding;
  const width = (xs.length ? Math.max(...xs) : 0) + padding - minX;
  const height = (ys.length ? Math.max(...ys) : 0) + padding - minY;
  const muted = escape(options.mutedColor ?? options.textColor);
  const heading = options.heading;
  const headingHeight = heading ? HEADING_HEIGHT : 0;
  const headingWidth = heading
    ? 32 + Math.max(textWidth(heading.title, 16) * 1.05, textWidth(heading.subtitle, 12))
    : 0;
  const legendWidth = Math.max(width, 360);
  const legend = options.legend?.length ? legendRows(options.legend, legendWidth - 32) : [];
  const legendHeight = legend.length ? legend[legend.length - 1].y + LEGEND_ROW + 16 : 0;
  const legendUsed = legend.reduce((w, p) => Math.max(w, p.x + 38 + textWidth(p.entry.label, 11)), 0);
  const fullWidth = Math.max(width, headingWidth, legend.length ? 32 + legendUsed : 0);
  const top = minY - headingHeight;
  const fullHeight = height + headingHeight + legendHeight;
  const lines: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(minX)} ${round(top)} ${round(fullWidth)} ${round(fullHeight)}" width="${Math.ceil(fullWidth)}" height="${Math.ceil(fullHeight)}" font-family="system-ui, sans-serif">`,
  ];
  if (heading) lines.push(`<title>${escape(heading.title)}: ${escape(heading.subtitle)}</title>`);
  lines.push(
    `<rect x="${round(minX)}" y="${round(top)}" width="${round(fullWidth)}" height="${round(fullHeight)}" fill="${escape(options.background)}"/>`,
  );
  if (heading)
    lines.push(
      `<g class="heading"><text x="${round(minX + 16)}" y="${round(top + 26)}" font-size="16" font-weight="600" fill="${escape(options.textColor)}">${escape(heading.title)}</text>` +
        `<text x="${round(minX + 16)}" y="${round(top + 45)}" font-size="12" fill="${muted}">${escape(heading.subtitle)}</text></g>`,
    );
  if (boxes.length) {
    lines.push('<g class="containers">');
    for (const b of boxes)
      lines.push(
        `<rect x="${round(b.left)}" y="${round(-b.top)}" width="${round(b.right - b.left)}" height="${round(b.top - b.bottom)}" rx="10" fill="${escape(b.color)}" fill-opacity="0.08" stroke="${escape(b.color)}" stroke-opacity="0.45"/>`,
      );
    lines.push('</g>');
  }
  lines.push('<g class="edges">');
  for (const edge of edges) {
    const a = at.get(edge.source);
    const b = at.get(edge.target);
    if (!a || !b) continue;
    lines.push(
      `<line x1="${round(a.x)}" y1="${round(-a.y)}" x2="${round(b.x)}" y2="${round(-b.y)}" stroke="${escape(edge.color)}" stroke-width="${round(edge.size)}"><title>${escape(edge.label ?? '')}</title></line>`,
    );
    if (edge.label && options.edgeLabels) {
      // Along the line and upright, turned as sigma turns it on the canvas: from the left end, else the far end.
      const [mx, my] = [(a.x + b.x) / 2, -(a.y + b.y) / 2];
      const [dx, dy] = [b.x - a.x, a.y - b.y];
      const label = edge.ports ? portsFrom(edge.ports, startsAtSource(a, b)) : edge.label;
      const angle = ((dx > 0 ? Math.atan2(dy, dx) : Math.atan2(-dy, -dx)) * 180) / Math.PI;
      lines.push(
        `<text x="${round(mx)}" y="${round(my)}" dy="-3" transform="rotate(${round(angle)} ${round(mx)} ${round(my)})" text-anchor="middle" font-size="9" fill="${muted}">${escape(label)}</text>`,
      );
    }
  }
  lines.push('</g>', '<g class="nodes">');
  for (const node of nodes) {
    const glyph = node.glyph
      ? `<g transform="translate(${round(node.x - node.size * 0.6)} ${round(-node.y - node.size * 0.6)}) scale(${round((node.size * 1.2) / 24)})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${node.glyph}</g>`
      : '';
    lines.push(
      `<g><circle cx="${round(node.x)}" cy="${round(-node.y)}" r="${round(node.size)}" fill="${escape(node.color)}"/>${glyph}` +
        `<text x="${round(node.x + node.size + 3)}" y="${round(-node.y + 4)}" font-size="11" fill="${escape(options.textColor)}">${escape(node.label)}</text></g>`,
    );
  }
  if (legend.length) {
    lines.push('</g>', `<g class="legend" font-size="11" fill="${muted}">`);
    const [x0, y0] = [minX + 16, minY + height + 8];
    for (const { entry, x, y } of legend) {
      const [lx, ly] = [x0 + x, y0 + y];
      const swatch =
        entry.shape === 'node'
          ? `<circle cx="${round(lx + 6)}" cy="${round(ly + 7)}" r="6" fill="${escape(entry.color)}"/>`
          : `<line x1="${round(lx)}" y1="${round(ly + 7)}" x2="${round(lx + 16)}" y2="${round(ly + 7)}" stroke="${escape(entry.color)}" stroke-width="3"/>`;
      lines.push(`<g>${swatch}<text x="${round(lx + 22)}" y="${round(ly + 11)}">${escape(entry.label)}</text></g>`);
    }
  }
  lines.push('</g>', '</svg>');
  return lines.join('\n');
}
