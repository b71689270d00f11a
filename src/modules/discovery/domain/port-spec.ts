import { TOP_1000_PORTS, TOP_100_PORTS } from './top-ports';

/** Ports of a run: nmap's most common 100 or 1000 TCP ports, or a list. */
export type PortSpec = 'top100' | 'top1000' | number[];

export const PORT_PRESETS = ['top100', 'top1000'] as const;

export function portsOf(spec: PortSpec): readonly number[] {
  if (spec === 'top100') return TOP_100_PORTS;
  if (spec === 'top1000') return TOP_1000_PORTS;
  return [...new Set(spec)].sort((a, b) => a - b);
}
