/** "1 Gb/s", "100 Mb/s", "10 Gb/s"; "unknown" for 0 or missing. Pure. */
export function formatSpeed(bps: unknown): string {
  const n = Number(bps);
  if (!Number.isFinite(n) || n <= 0) return 'unknown';
  const units: [number, string][] = [
    [1e12, 'Tb/s'],
    [1e9, 'Gb/s'],
    [1e6, 'Mb/s'],
    [1e3, 'kb/s'],
  ];
  const [size, unit] = units.find(([s]) => n >= s) ?? [1, 'b/s'];
  return `${Number((n / size).toFixed(1))} ${unit}`;
}

/** How an L2 link was learnt, in a person's words (docs/discovery.md "How each link is learnt"). */
export const PROVENANCE: Record<string, string> = {
  lldp: 'LLDP: both devices announced themselves to each other',
  cdp: 'CDP: Cisco Discovery Protocol neighbour announcement',
  fdb: "FDB: the switch's forwarding table saw this interface's MAC on the port",
  arp: 'ARP: inferred from address resolution tables',
  manual: 'Drawn by hand',
};

export const describeProvenance = (p: unknown) => (typeof p === 'string' ? (PROVENANCE[p] ?? p) : 'unknown');

/** A value of node or edge data as text. */
export function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
