import { DEVICE_TYPE_LABELS } from '../device-types';
import { namedColor, type GraphColors } from './colors';
import { DEVICE_COLORS, legendOf } from './device-look';
import { CONTAINS, type DrawnGraph } from './model';
import type { Highlight } from './types';

/** What an export says it shows: the page's title, the network, and the instant(s). */
export interface ExportCaption {
  /** "L2 physical topology" */
  title: string;
  /** The network's name (a share's name on a public page). */
  network?: string;
  /** The instant shown; empty: live, said with the time of the export. */
  at?: string | null;
  /** With a comparison: the other instant. */
  compare?: string | null;
}

export interface ExportHeading {
  title: string;
  /** "Office LAN · live at 2026-11-28 15:30 UTC" */
  subtitle: string;
}

/** One line of an export's legend: a node colour (a disc) or an edge colour (a line). */
export interface LegendEntry {
  label: string;
  color: string;
  shape: 'node' | 'edge';
}

/** An instant as every reader of a file reads it, whatever their time zone: "2026-11-28 15:30 UTC". */
export function formatInstant(iso: string | number | Date): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The title and the line under it that PNG and SVG exports carry. Pure (`now` is the export's time). */
export function exportHeading(caption: ExportCaption, now: Date): ExportHeading {
  const later = caption.at ? formatInstant(caption.at) : `now (${formatInstant(now)})`;
  const instant = caption.compare
    ? `changes between ${formatInstant(caption.compare)} and ${later}`
    : caption.at
      ? `as of ${formatInstant(caption.at)}`
      : `live at ${formatInstant(now)}`;
  return { title: caption.title, subtitle: [caption.network, instant].filter(Boolean).join(' · ') };
}

const MARK_LABELS: Record<string, string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  path: 'on the path',
};

const EDGE_NAMES: Record<string, string> = {
  link: 'L2 link',
  address: 'further address',
  dependency: 'dependency',
  aggregate: 'grouped links',
};

/**
 * The legend of an export: the colours of what is drawn. With a highlight (a comparison, a path) what its
 * colours mean, as the canvas's legend says. Otherwise the device types drawn, the other node kinds, then
 * the kinds of edge drawn (the canvas's own containment lines are not edges and are left out). Pure.
 */
export function exportLegend(drawn: DrawnGraph, colors: GraphColors, highlight?: Highlight): LegendEntry[] {
  const entries: LegendEntry[] = [];
  const { types, kinds } = legendOf(drawn);
  if (highlight) {
    // A path between two hosts, or a comparison's changes; what is not marked is dimmed.
    const onPath = new Set<string>(Object.values(highlight)).has('path');
    const palette = colors as unknown as Record<string, string>;
    for (const mark of onPath ? ['path'] : ['added', 'removed', 'changed'])
      entries.push({ label: MARK_LABELS[mark], color: palette[mark] ?? colors.accent, shape: 'node' });
    entries.push({ label: onPath ? 'not on the path' : 'unchanged', color: colors.dim, shape: 'node' });
    return entries;
  }
  for (const type of types)
    entries.push({ label: DEVICE_TYPE_LABELS[type], color: DEVICE_COLORS[type], shape: 'node' });
  for (const kind of kinds) entries.push({ label: kind, color: colors.kinds[kind] ?? colors.muted, shape: 'node' });
  // An edge kind in the colour of its first edge (dependencies have colours of their own).
  const edgeColours = new Map<string, string>();
  for (const edge of drawn.edges)
    if (edge.kind !== CONTAINS && !edgeColours.has(edge.kind))
      edgeColours.set(edge.kind, namedColor(drawn.edgeById.get(edge.id)?.data.color) ?? colors.edge);
  for (const [kind, color] of [...edgeColours].sort(([a], [b]) => a.localeCompare(b)))
    entries.push({ label: EDGE_NAMES[kind] ?? kind, color, shape: 'edge' });
  return entries;
}
