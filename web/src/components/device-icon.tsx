import { DEVICE_GLYPHS, DEVICE_TYPE_LABELS, type DeviceType } from '../lib/device-types';

/** A device type's glyph in the current text colour; labelled unless `decorative` (a label sits beside it). */
export function DeviceIcon({
  type,
  size = 16,
  decorative = false,
}: {
  type: DeviceType;
  size?: number;
  decorative?: boolean;
}) {
  return (
    <svg
      className="device-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : DEVICE_TYPE_LABELS[type]}
      // our own constant glyphs (lib/device-types.ts), never data
      dangerouslySetInnerHTML={{ __html: DEVICE_GLYPHS[type] }}
    />
  );
}

/** Icon and name of a device type, as lists show it. */
export function DeviceTypeLabel({ type }: { type: DeviceType }) {
  return (
    <span className="device-type" title={DEVICE_TYPE_LABELS[type]}>
      <DeviceIcon type={type} decorative /> {DEVICE_TYPE_LABELS[type]}
    </span>
  );
}
