import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, withPngText } from './png';

/** A 1×1 PNG: signature, IHDR, IDAT, IEND. */
const PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** The chunks of a PNG: type, data, and whether the stored CRC is right. */
function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  const out: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    out.push({
      type: new TextDecoder().decode(typeAndData.subarray(0, 4)),
      data: typeAndData.subarray(4),
      crcOk: view.getUint32(at + 8 + length) === zlibCrc32(typeAndData),
    });
    at += 12 + length;
  }
  return out;
}

describe('withPngText', () => {
  it('computes CRC-32 as zlib does', () => {
    const bytes = new TextEncoder().encode('IEND and some more bytes ✓');
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  });

  it('adds UTF-8 text chunks after the header, each with a right CRC, and keeps the image', () => {
    const png = withPngText(PIXEL, {
      Title: 'L2 physical topology',
      Description: 'Büro LAN · live at 2026-11-28 15:30 UTC',
    });
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'iTXt', 'iTXt', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const texts = list
      .filter((c) => c.type === 'iTXt')
      .map((c) => {
        const zero = c.data.indexOf(0);
        return [
          new TextDecoder().decode(c.data.subarray(0, zero)),
          new TextDecoder().decode(c.data.subarray(zero + 5)),
        ];
      });
    expect(texts).toEqual([
      ['Title', 'L2 physical topology'],
      ['Description', 'Büro LAN · live at 2026-11-28 15:30 UTC'],
    ]);
    expect(png.subarray(0, 8)).toEqual(PIXEL.subarray(0, 8));
    expect(png.length).toBeGreaterThan(PIXEL.length);
  });
});
