import type { ExportHeading, LegendEntry } from './export-meta';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks carry it (ISO 3309, over the chunk type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An iTXt chunk (UTF-8 text, uncompressed, no language): keyword, then text. */
function itxtChunk(keyword: string, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const body = [...encoder.encode('iTXt'), ...encoder.encode(keyword), 0, 0, 0, 0, 0, ...encoder.encode(text)];
  const data = new Uint8Array(body);
  const chunk = new Uint8Array(4 + data.length + 4);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length - 4);
  chunk.set(data, 4);
  view.setUint32(4 + data.length, crc32(data));
  return chunk;
}

/**
 * The PNG with text chunks (iTXt, so any script survives) right after its header: readers and image tools
 * show Title, Description (network and instant), Software and Creation Time. Pure.
 */
export function withPngText(png: Uint8Array, entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const signature = 8;
  const headerLength = new DataView(png.buffer, png.byteOffset).getUint32(signature);
  const afterHeader = signature + 4 + 4 + headerLength + 4;
  const chunks = Object.entries(entries).map(([k, v]) => itxtChunk(k, v));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, afterHeader), 0);
  let at = afterHeader;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(afterHeader), at);
  return out;
}

export interface FrameColours {
  background: string;
  text: string;
  muted: string;
  border: string;
}

/**
 * The drawing with its heading above (title; network and instant) and its legend below, on the theme's
 * background, at the drawing's pixel ratio: what the PNG export saves.
 */
export function framePng(
  drawing: HTMLCanvasElement,
  heading: ExportHeading,
  legend: LegendEntry[],
  colours: FrameColours,
  ratio: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const font = (size: number, weight = 400) => `${weight} ${size * ratio}px system-ui, sans-serif`;
  const pad = 16 * ratio;
  const row = 22 * ratio;
  const width = drawing.width;
  // Legend items in rows across the width.
  context.font = font(12);
  const placed: { entry: LegendEntry; x: number; y: number }[] = [];
  let [x, y] = [0, 0];
  for (const entry of legend) {
    const w = 22 * ratio + context.measureText(entry.label).width + 16 * ratio;
    if (x > 0 && x + w > width - 2 * pad) [x, y] = [0, y + row];
    placed.push({ entry, x, y });
    x += w;
  }
  const headingHeight = 60 * ratio;
  const legendHeight = placed.length ? y + row + pad : 0;
  canvas.width = width;
  canvas.height = headingHeight + drawing.height + legendHeight;
  context.fillStyle = colours.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = 'alphabetic';
  context.fillStyle = colours.text;
  context.font = font(18, 600);
  context.fillText(heading.title, pad, 28 * ratio);
  context.fillStyle = colours.muted;
  context.font = font(13);
  context.fillText(heading.subtitle, pad, 48 * ratio);
  context.strokeStyle = colours.border;
  context.lineWidth = ratio;
  context.beginPath();
  context.moveTo(0, headingHeight - ratio / 2);
  context.lineTo(width, headingHeight - ratio / 2);
  context.stroke();
  context.drawImage(drawing, 0, headingHeight);
  context.font = font(12);
  const top = headingHeight + drawing.height + pad / 2;
  for (const { entry, x: ex, y: ey } of placed) {
    const [lx, ly] = [pad + ex, top + ey + row / 2];
    context.fillStyle = entry.color;
    context.strokeStyle = entry.color;
    if (entry.shape === 'node') {
      context.beginPath();
      context.arc(lx + 6 * ratio, ly, 6 * ratio, 0, Math.PI * 2);
      context.fill();
    } else {
      context.lineWidth = 3 * ratio;
      context.beginPath();
      context.moveTo(lx, ly);
      context.lineTo(lx + 16 * ratio, ly);
      context.stroke();
    }
    context.fillStyle = colours.muted;
    context.fillText(entry.label, lx + 22 * ratio, ly + 4 * ratio);
  }
  return canvas;
}
