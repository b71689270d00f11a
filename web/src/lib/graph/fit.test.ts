import { describe, expect, it } from 'vitest';
import { freeArea, placeIn, type Box } from './fit';

const viewport = { width: 1000, height: 600 };
// As the canvas draws them: search top left, buttons top right, legend bottom left, minimap bottom right.
const search: Box = { left: 8, top: 8, right: 230, bottom: 42 };
const buttons: Box = { left: 860, top: 8, right: 992, bottom: 42 };
const legend: Box = { left: 8, top: 560, right: 300, bottom: 592 };
const minimap: Box = { left: 810, top: 470, right: 992, bottom: 592 };
const overlays = [search, buttons, legend, minimap];

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('freeArea', () => {
  it('leaves a wide drawing the whole width between the top and bottom overlays', () => {
    const area = freeArea(viewport, overlays, { width: 800, height: 10 });
    for (const o of overlays) expect(overlaps(area, o)).toBe(false);
    expect(area.left).toBe(16);
    expect(area.right).toBe(984);
    expect(area.top).toBe(58);
    expect(area.bottom).toBe(454);
  });

  it('leaves a tall drawing the whole height between the side overlays', () => {
    const area = freeArea(viewport, overlays, { width: 10, height: 800 });
    for (const o of overlays) expect(overlaps(area, o)).toBe(false);
    expect(area.top).toBe(16);
    expect(area.bottom).toBe(584);
    expect(area.left).toBe(316);
    expect(area.right).toBe(794);
  });

  it('never overlaps an overlay, whatever the drawing, and is the viewport less the margin without any', () => {
    for (const drawing of [
      { width: 1, height: 1 },
      { width: 500, height: 500 },
      { width: 0, height: 300 },
    ]) {
      const area = freeArea(viewport, overlays, drawing);
      for (const o of overlays) expect(overlaps(area, o)).toBe(false);
      expect(area.right).toBeGreaterThan(area.left);
      expect(area.bottom).toBeGreaterThan(area.top);
    }
    expect(freeArea(viewport, [], { width: 1, height: 1 })).toEqual({ left: 16, top: 16, right: 984, bottom: 584 });
    // Hidden overlays (no size) take nothing.
    expect(freeArea(viewport, [{ left: 0, top: 0, right: 0, bottom: 0 }], { width: 1, height: 1 })).toEqual({
      left: 16,
      top: 16,
      right: 984,
      bottom: 584,
    });
  });
});

describe('placeIn', () => {
  it('centres the content in the area, scaled down to fit but never up', () => {
    expect(
      placeIn({ left: 0, top: 0, right: 200, bottom: 100 }, { left: 100, top: 100, right: 200, bottom: 300 }),
    ).toEqual({
      scale: 0.5,
      from: { x: 100, y: 50 },
      to: { x: 150, y: 200 },
    });
    expect(
      placeIn({ left: 0, top: 0, right: 10, bottom: 10 }, { left: 0, top: 0, right: 1000, bottom: 1000 }).scale,
    ).toBe(1);
  });
});
