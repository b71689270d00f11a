import { normalizeMac } from '../interface-fields';
import type { LinkDrawing } from './link-drawing';
import type { LinkInterface } from './neighbor-index';

/** The host's interface with that MAC, else one made with just the MAC (undefined for hosts that report their own). */
function portWithMac(d: LinkDrawing, hostId: string, mac: string): LinkInterface | undefined {
  const port = d.index.interfacesOf(hostId).find((i) => i.mac_address === normalizeMac(mac));
  if (port || d.reportsInterfaces(hostId)) return port;
  return d.makePort(hostId, { mac_address: mac });
}

/**
 * MACs learnt on edge ports link their hosts to those ports, unless LLDP/CDP placed them. A port is no edge
 * port when its neighbour announces Bridge or when it learnt another switch's MAC; a MAC learnt on several
 * edge ports goes to the one with the fewest MACs.
 */
export function drawFdbLinks(d: LinkDrawing): void {
  const fdb = new Map(
    d.planned.map((row) => [row, d.observedOf(row)?.learned?.filter((l) => l.via === 'fdb') ?? []] as const),
  );
  const learntOn = (row: LinkInterface) => fdb.get(row) ?? [];
  const ports = d.planned.filter((row) => learntOn(row).length > 0);
  const switches = new Set(ports.map((row) => row.host_id));
  const facesSwitch = (row: LinkInterface) =>
    d.observedOf(row)?.neighbor_capabilities?.includes('Bridge') ||
    learntOn(row).some((l) => {
      const hostId = d.index.hostByMac(l.mac_address);
      return hostId !== undefined && hostId !== row.host_id && switches.has(hostId);
    });
  const best = new Map<string, LinkInterface>();
  for (const row of ports) {
    if (facesSwitch(row)) {
      d.note(
        row.host_id,
        'fdb',
        `MACs learnt on ${d.label(row.host_id)} ${d.portName(row)} not used: it leads to another switch`,
      );
      continue;
    }
    for (const { mac_address } of learntOn(row)) {
      const current = best.get(mac_address);
      if (!current || learntOn(row).length < learntOn(current).length) best.set(mac_address, row);
    }
  }
  for (const [mac, port] of best) {
    const hostId = d.index.hostByMac(mac);
    if (!hostId || hostId === port.host_id || d.linked.has(hostId)) continue;
    const far = portWithMac(d, hostId, mac);
    if (!far) continue;
    d.link(port, far, 'fdb');
    const where = `${d.label(port.host_id)} ${d.portName(port)}`;
    d.note(hostId, 'fdb', `MAC ${mac} of ${d.label(hostId)} learnt on ${where}, an edge port: linked`);
  }
}

/** A host nothing else placed goes on the router interface whose ARP table holds it; only its side points. */
export function drawArpLinks(d: LinkDrawing): void {
  for (const router of d.planned)
    for (const entry of d.observedOf(router)?.learned?.filter((l) => l.via === 'arp') ?? []) {
      const hostId = d.index.hostByMac(entry.mac_address) ?? (entry.ip_address && d.index.hostByIp(entry.ip_address));
      if (!hostId || hostId === router.host_id || d.linked.has(hostId) || d.reportsInterfaces(hostId)) continue;
      d.link(router, portWithMac(d, hostId, entry.mac_address)!, 'arp', false);
      const where = `${d.label(router.host_id)} ${d.portName(router)}`;
      d.note(hostId, 'arp', `${d.label(hostId)} placed on ${where} by its ARP entry (no LLDP, CDP or FDB link)`);
    }
}
