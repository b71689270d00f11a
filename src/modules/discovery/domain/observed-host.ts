import { LINK_STATUSES, type ObservedHost, type ObservedInterface, type ServiceSourceMetadata } from '../../inventory';
import type { ScanNote } from './diagnostic';
import type { SnmpFacts } from './snmp';

/** An open port and what listens there, with what said so. */
export interface OpenService {
  port: number;
  service_definition: string;
  product?: string;
  version?: string;
  /** What matched, for a person: `Server: nginx/1.25.3`, `banner SSH-2.0-OpenSSH_9.6`, `port 5432 only`. */
  evidence: string;
}

/** What a run learned about one address. */
export interface FoundHost {
  address: string;
  open: OpenService[];
  snmp?: SnmpFacts;
  hostname?: string;
  mac?: string;
  vendor?: string;
  /** What the scan wrote down about this address (SNMP, where the MAC came from). */
  notes?: ScanNote[];
  /** Further addresses of the same device (see mergeDevices), with their MACs. */
  also?: { address: string; mac?: string }[];
}

const SNMP_PORT = 161;
/** The API's limits (names 255, descriptions 4096), so a discovered host can be saved back unchanged. */
const NAME_MAX = 255;
const DESCRIPTION_MAX = 4096;
const LONG_INTERFACE_FIELDS = new Set(['if_descr', 'lldp_sys_desc']);

const clip = (text: string | undefined, max = NAME_MAX) => text?.slice(0, max);
/** Every text of an interface within the API's limits; statuses the inventory does not know become Unknown. */
const interfaceOf = (i: ObservedInterface): ObservedInterface => {
  const clipped = Object.fromEntries(
    Object.entries(i).map(([key, value]) => [
      key,
      typeof value === 'string' ? clip(value, LONG_INTERFACE_FIELDS.has(key) ? DESCRIPTION_MAX : NAME_MAX) : value,
    ]),
  ) as ObservedInterface;
  return { ...clipped, admin_status: linkStatus(i.admin_status), oper_status: linkStatus(i.oper_status) };
};

/** What the device says it is (sysDescr's first line) and who made its network card: "Cisco IOS … (Cisco Systems, Inc)". */
const describe = ({ snmp, vendor }: FoundHost): string => {
  const system = snmp?.sys_descr.split(/\r?\n/)[0].trim() ?? '';
  const text = system && vendor ? `${system} (${vendor})` : system || vendor || '';
  return text.slice(0, DESCRIPTION_MAX);
};
const linkStatus = (status: string | undefined) =>
  status && (LINK_STATUSES as readonly string[]).includes(status) ? status : status ? 'Unknown' : undefined;

/** How discovery knew the service, within the API's limits (stored as the service's source metadata). */
const sourceOf = ({ product, version, evidence }: OpenService): ServiceSourceMetadata => ({
  ...(product && { product: clip(product) }),
  ...(version && { version: clip(version) }),
  evidence: clip(evidence)!,
});

/**
 * A found address as an observation for the inventory ingest: ports and services complete (a port no
 * longer open closes), interfaces only when SNMP answered. A definition seen on several ports names the
 * later ones with their port ("Http :8080"), so names stay unique per host.
 */
export function observedHost(found: FoundHost, inNetwork: (ip: string) => boolean): ObservedHost {
  const open = [...found.open].sort((a, b) => a.port - b.port);
  const ports: NonNullable<ObservedHost['ports']> = open.map((o) => ({
    number: o.port,
    protocol: 'Tcp',
    type: o.service_definition,
  }));
  const seen = new Set<string>();
  const services: NonNullable<ObservedHost['services']> = open.map((o) => {
    const name = seen.has(o.service_definition) ? `${o.service_definition} :${o.port}` : o.service_definition;
    seen.add(o.service_definition);
    return {
      name,
      service_definition: o.service_definition,
      port: o.port,
      protocol: 'Tcp',
      source_metadata: sourceOf(o),
    };
  });
  const host: ObservedHost = {
    ip_addresses: [found, ...(found.also ?? [])].map(({ address, mac }) => ({
      ip_address: address,
      ...(mac && { mac_address: mac }),
    })),
    ports,
    services,
    ...(found.hostname && { hostname: clip(found.hostname) }),
    ...(found.snmp?.sys_name && { name: clip(found.snmp.sys_name) }),
    ...(found.mac && { mac: found.mac }),
    ...(describe(found) && { description: describe(found) }),
  };
  if (!found.snmp) return host;

  ports.push({ number: SNMP_PORT, protocol: 'Udp', type: 'Snmp' });
  services.push({
    name: 'Snmp',
    service_definition: 'Snmp',
    port: SNMP_PORT,
    protocol: 'Udp',
    source_metadata: { evidence: 'answered SNMP' },
  });
  host.interfaces = found.snmp.interfaces.map(interfaceOf);
  for (const { ip_address } of found.snmp.addresses) {
    const known = host.ip_addresses.some((ip) => ip.ip_address === ip_address);
    if (!known && inNetwork(ip_address)) host.ip_addresses.push({ ip_address });
  }
  return host;
}
