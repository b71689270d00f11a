import { useId } from 'react';
import { colorHex, type LabelOf } from '../path';

type EdgeStyle = 'Straight' | 'SmoothStep' | 'Bezier';

const W = 124;
const H = 34;
const GAP = 46;
const ZIG = 26;

interface Box {
  x: number;
  y: number;
  label: string;
  role: string;
}

const short = (text: string) => (text.length > 17 ? `${text.slice(0, 16)}…` : text);

/** An edge from the right side of one box to the left side of another, drawn in the dependency's style. */
function edgePath(from: Box, to: Box, style: EdgeStyle): string {
  const x1 = from.x + W;
  const y1 = from.y + H / 2;
  const x2 = to.x - 4;
  const y2 = to.y + H / 2;
  if (style === 'Straight' || y1 === y2) return `M${x1},${y1} L${x2},${y2}`;
  if (style === 'Bezier') {
    const mid = (x1 + x2) / 2;
    return `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`;
  }
  const mid = (x1 + x2) / 2;
  const r = Math.min(6, Math.abs(y2 - y1) / 2);
  const dir = y2 > y1 ? 1 : -1;
  return `M${x1},${y1} L${mid - r},${y1} Q${mid},${y1} ${mid},${y1 + dir * r} L${mid},${y2 - dir * r} Q${mid},${y2} ${mid + r},${y2} L${x2},${y2}`;
}

/**
 * The chosen members drawn as the topology will draw them: a RequestPath left to right (staggered, so
 * the edge style shows), a HubAndSpoke with the hub on the left and its spokes stacked on the right.
 */
export function ChainPreview(props: {
  type: 'RequestPath' | 'HubAndSpoke';
  ids: readonly string[];
  label: LabelOf;
  color: string;
  edgeStyle: EdgeStyle;
  description: string;
}) {
  const { type, ids, label, color, edgeStyle, description } = props;
  const marker = useId().replace(/:/g, '');
  if (ids.length === 0) return null;
  const stroke = colorHex(color);
  let boxes: Box[];
  let edges: [number, number][];
  if (type === 'HubAndSpoke') {
    const spokes = ids.length - 1;
    const height = Math.max(1, spokes) * (H + 12);
    boxes = ids.map((id, i) =>
      i === 0
        ? { x: 4, y: height / 2 - H / 2, label: label(id), role: 'hub' }
        : { x: 4 + W + GAP * 2, y: (i - 1) * (H + 12), label: label(id), role: 'spoke' },
    );
    edges = ids.slice(1).map((_, i) => [0, i + 1]);
  } else {
    boxes = ids.map((id, i) => ({
      x: 4 + i * (W + GAP),
      y: i % 2 === 0 ? 0 : ZIG,
      label: label(id),
      role: `${i + 1}`,
    }));
    edges = ids.slice(1).map((_, i) => [i, i + 1]);
  }
  const width = Math.max(...boxes.map((b) => b.x + W)) + 4;
  const height = Math.max(...boxes.map((b) => b.y + H)) + 2;

  return (
    <svg
      className="dependency-preview"
      role="img"
      aria-label={`Preview: ${description}`}
      viewBox={`0 -2 ${width} ${height + 2}`}
      width={Math.min(width, 900)}
      preserveAspectRatio="xMinYMin meet"
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill={stroke} />
        </marker>
      </defs>
      {edges.map(([a, b]) => (
        <path
          key={`${a}-${b}`}
          d={edgePath(boxes[a], boxes[b], edgeStyle)}
          fill="none"
          stroke={stroke}
          strokeWidth={2.5}
          markerEnd={`url(#${marker})`}
        />
      ))}
      {boxes.map((b, i) => (
        <g key={i} transform={`translate(${b.x},${b.y})`}>
          <title>{b.label}</title>
          <rect
            width={W}
            height={H}
            rx={7}
            className="dependency-preview-node"
            stroke={stroke}
            strokeWidth={i === 0 && type === 'HubAndSpoke' ? 3 : 1.5}
          />
          <text x={W / 2} y={H / 2 + 4} textAnchor="middle" className="dependency-preview-label">
            {short(b.label)}
          </text>
        </g>
      ))}
    </svg>
  );
}
