import { colorHex } from '../path';

export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="dependency-color">
      <span className="dependency-swatch" style={{ background: colorHex(color) }} aria-hidden="true" />
      {color}
    </span>
  );
}
