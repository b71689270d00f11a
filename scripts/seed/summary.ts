import { DEVICE_TYPES, type DeviceType, type SeedNetwork } from './types';

/** One end of a link: a host's port by name. */
export interface LinkEnd {
  host: string;
  port: string;
}

/** A link the data means the ingest to draw: two ends (in name order) and how it is learnt. */
export interface IntendedLink {
  a: LinkEnd;
  b: LinkEnd;
  via: 'lldp' | 'fdb';
}

/**
 * Every link in the data, once however many ends report it: an LLDP neighbour (its chassis MAC names a
 * host, its port id that host's port) or a MAC learnt on a switch port (the port of the host that owns it).
 * A neighbour or MAC that names nothing in the data throws.
 */
export function intendedLinks(network: SeedNetwork): IntendedLink[] {
  const hostByMac = new Map(network.hosts.map((h) => [h.mac, h]));
  const portByMac = new Map(
    network.hosts.flatMap((h) => (h.interfaces ?? []).map((i) => [i.mac_address, { host: h.name, port: i.if_name }])),
  );
  const links = new Map<string, IntendedLink>();
  const add = (near: LinkEnd, far: LinkEnd, via: IntendedLink['via']) => {
    const [a, b] = [near, far].sort((x, y) => (`${x.host} ${x.port}` < `${y.host} ${y.port}` ? -1 : 1));
    links.set(`${a.host} ${a.port} - ${b.host} ${b.port}`, { a, b, via });
  };
  for (const host of network.hosts)
    for (const port of host.interfaces ?? []) {
      const near = { host: host.name, port: port.if_name };
      if (port.lldp_chassis_id) {
        const far = hostByMac.get(port.lldp_chassis_id);
        if (!far?.interfaces?.some((i) => i.if_name === port.lldp_port_id))
          throw new Error(`${host.name} ${port.if_name}: no neighbour ${port.lldp_chassis_id} ${port.lldp_port_id}`);
        add(near, { host: far.name, port: port.lldp_port_id! }, 'lldp');
      }
      for (const { mac_address } of port.learned ?? []) {
        const far = portByMac.get(mac_address);
        if (!far) throw new Error(`${host.name} ${port.if_name}: learnt ${mac_address}, which no port has`);
        add(near, far, 'fdb');
      }
    }
  return [...links.values()];
}

export interface NetworkSummary {
  hosts: number;
  byType: Partial<Record<DeviceType, number>>;
  switches: number;
  links: { lldp: number; fdb: number };
  subnets: number;
}

export function summarize(network: SeedNetwork): NetworkSummary {
  const byType: NetworkSummary['byType'] = {};
  for (const host of network.hosts) byType[host.device_type] = (byType[host.device_type] ?? 0) + 1;
  const links = intendedLinks(network);
  return {
    hosts: network.hosts.length,
    byType,
    switches: byType.Switch ?? 0,
    links: { lldp: links.filter((l) => l.via === 'lldp').length, fdb: links.filter((l) => l.via === 'fdb').length },
    subnets: network.subnets.length,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** What was built, for a person: hosts by device type, switches, links, subnets. */
export function describe(summary: NetworkSummary): string {
  const types = DEVICE_TYPES.filter((t) => summary.byType[t]).map((t) => `${t} ${count(summary.byType[t]!)}`);
  const { lldp, fdb } = summary.links;
  return [
    `${count(summary.hosts)} hosts: ${types.join(', ')}`,
    `${count(summary.switches)} switches, ${count(lldp + fdb)} links (${count(lldp)} LLDP, ${count(fdb)} FDB), ${count(summary.subnets)} subnets`,
  ].join('\n');
}

/** The racks profile (scripts/seed-data.ts) counted without building it: a switch per 47 servers, one LLDP link each. */
export function racksSummary(hosts: number, serversPerSwitch: number, subnets: number): NetworkSummary {
  const switches = Math.ceil(hosts / (serversPerSwitch + 1));
  return {
    hosts,
    byType: { Switch: switches, Server: hosts - switches },
    switches,
    links: { lldp: hosts - switches, fdb: 0 },
    subnets,
  };
}
