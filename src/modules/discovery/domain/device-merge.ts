import type { FoundHost } from './observed-host';

/**
 * One device found at several scanned addresses (a router or switch with an address in each subnet)
 * becomes one host: an address that another found host's SNMP lists as its own joins that host, with its
 * MAC and open ports. The host that answered SNMP first (in address order) keeps the rest.
 */
export function mergeDevices(found: readonly FoundHost[]): FoundHost[] {
  const byAddress = new Map(found.map((host) => [host.address, host]));
  const absorbed = new Set<string>();
  const merged: FoundHost[] = [];
  for (const host of found) {
    if (absorbed.has(host.address)) continue;
    const others = (host.snmp?.addresses ?? [])
      .map((a) => byAddress.get(a.ip_address))
      .filter((other): other is FoundHost => !!other && other !== host && !absorbed.has(other.address));
    others.forEach((other) => absorbed.add(other.address));
    merged.push(others.length === 0 ? host : absorb(host, others));
  }
  return merged;
}

function absorb(host: FoundHost, others: FoundHost[]): FoundHost {
  const ports = new Map(host.open.map((o) => [o.port, o]));
  for (const other of others) for (const o of other.open) if (!ports.has(o.port)) ports.set(o.port, o);
  return {
    ...host,
    open: [...ports.values()],
    hostname: host.hostname ?? others.find((o) => o.hostname)?.hostname,
    notes: [...(host.notes ?? []), ...others.flatMap((o) => o.notes ?? [])],
    also: [...(host.also ?? []), ...others.map((o) => ({ address: o.address, ...(o.mac && { mac: o.mac }) }))],
  };
}
