import type { Point } from './types';

/** A rectangle in viewport pixels (y grows downwards). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

const widthOf = (b: Box) => b.right - b.left;
const heightOf = (b: Box) => b.bottom - b.top;

/**
 * The part of the viewport a fitted drawing may use: the viewport less `margin` all round, and less a band
 * for each overlay (search, buttons, legend, minimap), cut along the side of the viewport the overlay sits
 * on: either the strip beside it (left or right) or the strip above or below it. Of the 2^n ways to cut,
 * the one where a drawing of `drawing`'s proportions is largest wins (then the larger area). Pure.
 */
export function freeArea(viewport: Size, overlays: Box[], drawing: Size, margin = 16): Box {
  const whole: Box = { left: margin, top: margin, right: viewport.width - margin, bottom: viewport.height - margin };
  const shown = overlays
    .filter((o) => widthOf(o) > 0 && heightOf(o) > 0)
    .filter((o) => o.right > 0 && o.bottom > 0 && o.left < viewport.width && o.top < viewport.height)
    .slice(0, 8);
  const dw = Math.max(drawing.width, 1);
  const dh = Math.max(drawing.height, 1);
  let best: { area: Box; scale: number; size: number } | null = null;
  for (let cuts = 0; cuts < 1 << shown.length; cuts++) {
    const area = { ...whole };
    shown.forEach((o, i) => {
      const onLeft = (o.left + o.right) / 2 < viewport.width / 2;
      const onTop = (o.top + o.bottom) / 2 < viewport.height / 2;
      if (cuts & (1 << i)) {
        if (onLeft) area.left = Math.max(area.left, o.right + margin);
        else area.right = Math.min(area.right, o.left - margin);
      } else if (onTop) area.top = Math.max(area.top, o.bottom + margin);
      else area.bottom = Math.min(area.bottom, o.top - margin);
    });
    if (widthOf(area) <= 0 || heightOf(area) <= 0) continue;
    const scale = Math.min(widthOf(area) / dw, heightOf(area) / dh);
    const size = widthOf(area) * heightOf(area);
    if (!best || scale > best.scale + 1e-9 || (Math.abs(scale - best.scale) <= 1e-9 && size > best.size))
      best = { area, scale, size };
  }
  return best?.area ?? whole;
}

/** Where a box of `content` must be moved and how much scaled to sit centred in `area`, no larger than now. */
export function placeIn(content: Box, area: Box): { scale: number; from: Point; to: Point } {
  const scale = Math.min(
    1,
    widthOf(area) / Math.max(widthOf(content), 1),
    heightOf(area) / Math.max(heightOf(content), 1),
  );
  return {
    scale,
    from: { x: (content.left + content.right) / 2, y: (content.top + content.bottom) / 2 },
    to: { x: (area.left + area.right) / 2, y: (area.top + area.bottom) / 2 },
  };
}
