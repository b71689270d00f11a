import { DEVICE_TYPES, deviceGlyphSvg, type DeviceType } from '../device-types';
import type { DrawnGraph } from './model';
import type { TopologyNode } from './types';

/**
 * Each device type's disc colour on the map. Mid-tone and saturated, so that the white pictogram on it
 * reads on the light and on the dark canvas alike; infrastructure in the strongest hues.
 */
export const DEVICE_COLORS: Record<DeviceType, string> = {
  Router: '#0a5cc2',
  Firewall: '#c9372c',
  Switch: '#0e7f86',
  AccessPoint: '#7a4fd6',
  Server: '#4f6b8a',
  Hypervisor: '#b3337c',
  VirtualMachine: '#8a63c9',
  Container: '#5b5fc7',
  Workstation: '#2f8a3c',
  Printer: '#9a6200',
  Phone: '#c8611d',
  Camera: '#6b6f76',
  Storage: '#8a4b1f',
  IoT: '#3b8f6b',
  Unknown: '#7d8590',
};

/** Infrastructure is drawn larger than what hangs off it. */
const SIZES: Partial<Record<DeviceType, number>> = { Router: 13, Firewall: 13, Switch: 12, Hypervisor: 11 };

const KIND_TYPES: Record<string, DeviceType> = {
  vm: 'VirtualMachine',
  container: 'Container',
  hypervisor: 'Hypervisor',
};

/** The device type a node is drawn as: a host's own, a workload's kind; none for subnets, groups, services. */
export function deviceTypeOfNode(node: TopologyNode | undefined): DeviceType | undefined {
  if (!node) return undefined;
  if (KIND_TYPES[node.kind]) return KIND_TYPES[node.kind];
  const type = node.data.device_type;
  return node.kind === 'host' && DEVICE_TYPES.includes(type as DeviceType) ? (type as DeviceType) : undefined;
}

export const deviceSize = (type: DeviceType | undefined, fallback: number) => (type && SIZES[type]) || fallback;

const URLS = new Map<DeviceType, string>();
/** The white pictogram of a type as an image URL for the WebGL node program. */
export function glyphUrl(type: DeviceType): string {
  let url = URLS.get(type);
  if (!url)
    URLS.set(
      type,
      (url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(deviceGlyphSvg(type, '#ffffff', 64))}`),
    );
  return url;
}

/** What the legend lists: the device types drawn, then the other kinds of node drawn. */
export function legendOf(drawn: DrawnGraph): { types: DeviceType[]; kinds: string[] } {
  const types = new Set<DeviceType>();
  const kinds = new Set<string>();
  for (const node of drawn.nodes) {
    const type = deviceTypeOfNode(drawn.byId.get(node.id));
    if (type) types.add(type);
    else kinds.add(node.kind);
  }
  return { types: DEVICE_TYPES.filter((t) => types.has(t)), kinds: [...kinds].sort() };
}

let decoded: Promise<unknown> | undefined;
/** Every pictogram decoded once, so that the first frame a canvas calls ready already shows them. */
export function glyphsDecoded(): Promise<unknown> {
  decoded ??= Promise.all(
    DEVICE_TYPES.map((type) => {
      const image = new Image();
      image.src = glyphUrl(type);
      return image.decode().catch(() => undefined);
    }),
  );
  return decoded;
}
