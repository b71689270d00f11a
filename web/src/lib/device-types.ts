import type { components } from '../../../client/schema';

/** The API's device types (docs/inventory.md "Device identity"). */
export type DeviceType = NonNullable<components['schemas']['HostResponse']['device_type']>;

/** How people write each type. */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  Router: 'Router',
  Firewall: 'Firewall',
  Switch: 'Switch',
  AccessPoint: 'Access point',
  Server: 'Server',
  Hypervisor: 'Hypervisor',
  VirtualMachine: 'Virtual machine',
  Container: 'Container',
  Workstation: 'Workstation',
  Printer: 'Printer',
  Phone: 'Phone',
  Camera: 'Camera',
  Storage: 'Storage',
  IoT: 'IoT device',
  Unknown: 'Unknown',
};

export const DEVICE_TYPES = Object.keys(DEVICE_TYPE_LABELS) as DeviceType[];

/**
 * Each type's glyph on a 24×24 grid, drawn with strokes of the current colour (2 px) so that it reads at
 * 12 px and in both themes: the infrastructure as network diagrams draw it (a router's crossed arrows, a
 * switch's opposed arrows, a firewall's bricks), endpoints as the things they are.
 */
export const DEVICE_GLYPHS: Record<DeviceType, string> = {
  Router:
    '<circle cx="12" cy="12" r="9"/><path d="M12 5v14M5 12h14M12 5l-2.5 2.5M12 5l2.5 2.5M12 19l-2.5-2.5M12 19l2.5-2.5M5 12l2.5-2.5M5 12l2.5 2.5M19 12l-2.5-2.5M19 12l-2.5 2.5"/>',
  Firewall:
    '<rect x="3" y="4" width="18" height="16" rx="1"/><path d="M3 9.3h18M3 14.6h18M9 4v5.3M15 4v5.3M6 9.3v5.3M12 9.3v5.3M18 9.3v5.3M9 14.6V20M15 14.6V20"/>',
  Switch: '<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h11M14 8l3 2-3 2M18 14H7M10 12l-3 2 3 2"/>',
  AccessPoint:
    '<circle cx="12" cy="17" r="1.6"/><path d="M8.5 13.5a5 5 0 0 1 7 0M5.5 10.5a9.2 9.2 0 0 1 13 0M2.8 7.6a13 13 0 0 1 18.4 0"/>',
  Server:
    '<rect x="4" y="3" width="16" height="5" rx="1"/><rect x="4" y="9.5" width="16" height="5" rx="1"/><rect x="4" y="16" width="16" height="5" rx="1"/><path d="M7 5.5h.01M7 12h.01M7 18.5h.01"/>',
  Hypervisor:
    '<rect x="2.5" y="3" width="19" height="18" rx="2"/><rect x="5.5" y="6" width="5.5" height="5.5"/><rect x="13" y="6" width="5.5" height="5.5"/><rect x="5.5" y="13.5" width="5.5" height="4.5"/><rect x="13" y="13.5" width="5.5" height="4.5"/>',
  VirtualMachine:
    '<rect x="3" y="4" width="18" height="13" rx="1.5" stroke-dasharray="3 2"/><path d="M8 21h8M12 17v4M8 8.5l2.5 5 2.5-5M14.5 13.5v-5l1.5 2.5 1.5-2.5v5"/>',
  Container: '<path d="M12 2.5l8.5 4.8v9.4L12 21.5l-8.5-4.8V7.3z"/><path d="M3.5 7.3L12 12l8.5-4.7M12 12v9.5"/>',
  Workstation: '<rect x="2.5" y="3.5" width="19" height="12.5" rx="1.5"/><path d="M8 20.5h8M12 16v4.5"/>',
  Printer:
    '<path d="M6.5 8V3h11v5"/><rect x="2.5" y="8" width="19" height="9" rx="1.5"/><rect x="6.5" y="14" width="11" height="7"/><path d="M17.5 11h.01"/>',
  Phone:
    '<path d="M5 3.5h3.5l1.8 4.6-2.3 1.5a11 11 0 0 0 6.4 6.4l1.5-2.3 4.6 1.8V19a1.8 1.8 0 0 1-2 1.8A16.5 16.5 0 0 1 3.2 5.5 1.8 1.8 0 0 1 5 3.5z"/>',
  Camera: '<path d="M3 8h2.5l2-3h9l2 3H21v11.5H3z"/><circle cx="12" cy="13.3" r="3.7"/>',
  Storage:
    '<ellipse cx="12" cy="5.5" rx="8" ry="3"/><path d="M4 5.5v13c0 1.7 3.6 3 8 3s8-1.3 8-3v-13M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"/>',
  IoT: '<rect x="6" y="6" width="12" height="12" rx="1.5"/><rect x="9.5" y="9.5" width="5" height="5"/><path d="M9 2.5V6M15 2.5V6M9 18v3.5M15 18v3.5M2.5 9H6M2.5 15H6M18 9h3.5M18 15h3.5"/>',
  Unknown: '<circle cx="12" cy="12" r="9"/><path d="M9.4 9.3a2.7 2.7 0 0 1 5.2 1c0 1.9-2.6 2.4-2.6 4.1M12 17.6h.01"/>',
};

/** A glyph as a whole SVG document in one colour, e.g. for a canvas or WebGL texture. */
export function deviceGlyphSvg(type: DeviceType, color: string, size = 48): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" ` +
    `stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${DEVICE_GLYPHS[type]}</svg>`
  );
}
