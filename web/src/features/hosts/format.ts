import type { Host, HostService } from './api';

/** 1000000000 -> "1 Gbit/s"; 0 -> "—". */
export function formatSpeed(bps: number | null | undefined): string {
  if (!bps) return '—';
  const units: [number, string][] = [
    [1e12, 'Tbit/s'],
    [1e9, 'Gbit/s'],
    [1e6, 'Mbit/s'],
    [1e3, 'kbit/s'],
  ];
  const [size, unit] = units.find(([s]) => bps >= s) ?? [1, 'bit/s'];
  return `${Number((bps / size).toFixed(1))} ${unit}`;
}

/** What discovery identified a service as: "nginx 1.25.3", or null when it said nothing. */
export function productOf(service: HostService): string | null {
  const metadata = service.source.metadata ?? {};
  const product = typeof metadata.product === 'string' ? metadata.product : '';
  const version = typeof metadata.version === 'string' ? metadata.version : '';
  return [product, version].filter(Boolean).join(' ') || null;
}

/** Where a service listens: "10.1.0.10:443/tcp", "*:53/udp" (every address), or an address alone. */
export function bindingLabels(host: Host, service: HostService): string[] {
  const ips = new Map(host.ip_addresses.map((ip) => [ip.id, ip.ip_address]));
  const ports = new Map(host.ports.map((p) => [p.id, p]));
  return service.bindings.map((binding) => {
    const address = binding.ip_address_id ? (ips.get(binding.ip_address_id) ?? 'unknown address') : '*';
    if (binding.type === 'Interface') return address === '*' ? 'every address' : address;
    const port = binding.port_id ? ports.get(binding.port_id) : undefined;
    const where = port ? `${port.number}/${port.protocol.toLowerCase()}` : 'unknown port';
    return `${address.includes(':') ? `[${address}]` : address}:${where}`;
  });
}

export const PROVENANCE_LABELS: Record<string, string> = {
  lldp: 'LLDP',
  cdp: 'CDP',
  fdb: 'FDB (MAC learnt on a switch port)',
  arp: 'ARP',
};

/** Tag colors of the API, as swatches readable on both themes. */
export const TAG_COLORS: Record<string, string> = {
  Pink: '#ec4899',
  Rose: '#f43f5e',
  Red: '#ef4444',
  Amber: '#f59e0b',
  Orange: '#f97316',
  Green: '#22c55e',
  Emerald: '#10b981',
  Teal: '#14b8a6',
  Cyan: '#06b6d4',
  Blue: '#3b82f6',
  Indigo: '#6366f1',
  Purple: '#a855f7',
  Fuchsia: '#d946ef',
  Violet: '#8b5cf6',
  Sky: '#0ea5e9',
  Gray: '#6b7280',
  Lime: '#84cc16',
  Yellow: '#eab308',
};
