import ipaddr from 'ipaddr.js';
import { invalid } from '../../../common/errors/app-error';
import type { FieldError } from '../../../common/errors/app-error';
import { groupBy, indexBy } from '../../../common/collections';
import { batchAnnouncements, observedIdentity } from './identity/observed-identity';
import type { VendorOf } from './identity/infer-identity';
import { interfaceFields, normalizeMac } from './interface-fields';
import { resolveLinks } from './links/link-resolution';
import {
  type IngestPlan,
  type IngestTable,
  type NetworkSnapshot,
  type ObservedHost,
  type ObservedInterface,
  observedMacs,
  type TableChanges,
} from './observation';

type Row = { id: string } & Record<string, unknown>;
const DISCOVERY = { type: 'Discovery' };
const TABLES: IngestTable[] = ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'];

const byHost = (row: { host_id: string }) => row.host_id;
const parseIp = (text: string) => ipaddr.parse(text).toString();
const interfaceKey = (i: { if_index?: number; mac_address?: string; if_name?: string }) =>
  i.if_index ? `index:${i.if_index}` : i.mac_address ? `mac:${normalizeMac(i.mac_address)}` : `name:${i.if_name ?? ''}`;

/**
 * Matches observed hosts to the network's live hosts (by MAC, then by IP address) and works out every
 * row to insert, change, close and mark seen, and each host's identity (identity/). Pure: the caller reads
 * the snapshot and writes the plan.
 */
export function planIngest(
  snapshot: NetworkSnapshot,
  observed: readonly ObservedHost[],
  newId: () => string,
  vendorOf: VendorOf = () => undefined,
): IngestPlan {
  const errors: FieldError[] = [];
  const subnetOf = mostSpecificSubnet(snapshot.subnets);
  // each address text is parsed once per batch (it is compared many times)
  const normalized = new Map<string, string>();
  const normalizeIp = (text: string) => {
    let ip = normalized.get(text);
    if (ip === undefined) normalized.set(text, (ip = parseIp(text)));
    return ip;
  };

  const hostsById = indexBy(snapshot.hosts, (h) => h.id);
  const byMac = new Map<string, string>();
  for (const row of [...snapshot.ip_addresses, ...snapshot.interfaces])
    if (row.mac_address) byMac.set(row.mac_address, row.host_id);
  const byIp = indexBy(snapshot.ip_addresses, (ip) => normalizeIp(ip.ip_address));
  const children = {
    ip_addresses: groupBy(snapshot.ip_addresses, byHost),
    ports: groupBy(snapshot.ports, byHost),
    services: groupBy(snapshot.services, byHost),
    bindings: groupBy(snapshot.bindings, byHost),
    interfaces: groupBy(snapshot.interfaces, byHost),
  };

  const plan: IngestPlan = {
    newHosts: [],
    hostChanges: [],
    seenHosts: [],
    children: Object.fromEntries(
      TABLES.map((t) => [t, { inserts: [], changes: [], closes: [], seen: [] }]),
    ) as unknown as Record<IngestTable, TableChanges>,
    outcome: [],
    diagnostics: [],
  };
  const observedInterfaces = new Map<string, ObservedInterface>();
  const authoritative = new Set<string>();
  const claimed = new Set<string>();
  const announcedOf = batchAnnouncements(observed);
  const batchHostOfIp = new Map<string, string>();
  const guests: Guest[] = [];

  observed.forEach((host, h) => {
    const ips = host.ip_addresses.map((ip, i) => {
      const subnet = subnetOf(ip.ip_address);
      if (!subnet)
        errors.push({
          field: `hosts[${h}].ip_addresses[${i}].ip_address`,
          rule: 'in_subnet',
          message: `${ip.ip_address} is in no subnet of the network`,
        });
      return { ip: normalizeIp(ip.ip_address), mac: normalizeMac(ip.mac_address), subnetId: subnet?.id };
    });
    const macs = observedMacs(host, normalizeMac);
    const matched = [...macs.map((m) => byMac.get(m)), ...ips.map((i) => byIp.get(i.ip)?.host_id)].find(
      (id) => id && !claimed.has(id),
    );
    const existing = matched ? hostsById.get(matched) : undefined;
    const hostId = existing?.id ?? newId();
    claimed.add(hostId);
    plan.outcome.push({ id: hostId, created: !existing });
    plan.seenHosts.push(hostId);
    const identity = observedIdentity(host, existing ?? {}, announcedOf, vendorOf);
    for (const ip of ips) batchHostOfIp.set(ip.ip, hostId);
    if (existing) {
      const change: Row = { id: hostId, hostname: host.hostname ?? existing.hostname, ...identity };
      plan.hostChanges.push(change);
      if (host.virtualization)
        guests.push({ h, hostId, row: change, runsOn: host.virtualization, current: existing.virtualization });
    } else {
      const row: Row = {
        id: hostId,
        name: host.name ?? host.hostname ?? ips[0]?.ip ?? 'unknown',
        hostname: host.hostname ?? '',
        description: host.description ?? '',
        hidden: false,
        source: DISCOVERY,
        virtualization: null,
        ...identity,
      };
      plan.newHosts.push(row);
      if (host.virtualization) guests.push({ h, hostId, row, runsOn: host.virtualization });
    }

    /** Matches observed children to the host's live ones by a natural key, keeping their ids. */
    const merge = (
      table: IngestTable,
      wanted: Row[] | undefined,
      keyOf: (row: Record<string, unknown>) => string,
      /** Columns a new row starts with; the observed row's own values win. */
      insertOnly: Record<string, unknown> = {},
    ) => {
      if (!wanted) return [];
      const live = (children[table].get(hostId) ?? []) as Row[];
      const liveByKey = indexBy(live, keyOf);
      const changes = plan.children[table];
      const ids: Row[] = [];
      for (const row of wanted) {
        const key = keyOf(row);
        const current = liveByKey.get(key);
        liveByKey.delete(key);
        const id = current?.id ?? newId();
        (current ? changes.changes : changes.inserts).push({
          ...(current ? {} : insertOnly),
          ...row,
          id,
          host_id: hostId,
        });
        changes.seen.push(id);
        ids.push({ ...row, id });
      }
      changes.closes.push(...[...liveByKey.values()].map((row) => row.id));
      return ids;
    };

    const ipRows = merge(
      'ip_addresses',
      ips.map((ip, position) => ({
        id: '',
        subnet_id: ip.subnetId ?? null,
        ip_address: ip.ip,
        // an observation without a MAC (a routed host) keeps the one known
        mac_address: ip.mac || (byIp.get(ip.ip)?.host_id === hostId ? byIp.get(ip.ip)!.mac_address : ''),
        position,
      })),
      (row) => normalizeIp(String(row.ip_address)),
      { name: '' },
    );
    const firstIp = ipRows[0]?.id ?? null;
    const portRows = merge(
      'ports',
      host.ports?.map((p) => ({ id: '', number: p.number, protocol: p.protocol, type: p.type ?? 'Custom' })),
      (row) => `${row.number}/${row.protocol}`,
    );
    const portByKey = indexBy(portRows, (row) => `${row.number}/${row.protocol}`);
    const serviceRows = merge(
      'services',
      host.services?.map((s, position) => ({
        id: '',
        name: s.name,
        service_definition: s.service_definition,
        position,
        // what discovery read off the service is written on every sighting: a new nginx version versions it
        ...(s.source_metadata && { source: { ...DISCOVERY, metadata: s.source_metadata } }),
      })),
      (row) => String(row.name),
      { source: DISCOVERY, tags: [], virtualization: null },
    );
    if (host.services) {
      const bindings = host.services.flatMap((s, i) => {
        const port = s.port === undefined ? undefined : portByKey.get(`${s.port}/${s.protocol ?? 'Tcp'}`);
        if (s.port !== undefined && !port)
          errors.push({
            field: `hosts[${h}].services[${i}].port`,
            rule: 'observed',
            message: `port ${s.port} is not among the host's ports`,
          });
        return port
          ? [{ id: '', service_id: serviceRows[i].id, ip_address_id: firstIp, port_id: port.id, type: 'Port' }]
          : [];
      });
      merge('bindings', bindings, (row) => `${row.service_id}|${row.port_id}`);
    }
    const interfaceRows = merge(
      'interfaces',
      host.interfaces?.map((i) => interfaceRow(i, ipRows, normalizeIp)),
      (row) => interfaceKey(row as ObservedInterface),
      { neighbor: null },
    );
    if (host.interfaces) authoritative.add(hostId);
    host.interfaces?.forEach((i, k) => observedInterfaces.set(interfaceRows[k].id, i));
  });

  for (const guest of guests) {
    const error = placeGuest(guest, (ip) => batchHostOfIp.get(ip) ?? byIp.get(ip)?.host_id, normalizeIp);
    if (error) errors.push(error);
  }
  if (errors.length > 0) {
    throw invalid(errors);
  }
  plan.diagnostics = resolveLinks(plan, snapshot, {
    observed: observedInterfaces,
    authoritative,
    names: plan.outcome.map(({ id }, h) => ({ id, names: [observed[h].name ?? '', observed[h].hostname ?? ''] })),
    subnetOf,
    newId,
  });
  // hosts the links made, known only by what their neighbours said of them
  for (const made of plan.newHosts.filter((row) => row.device_type === undefined)) {
    const host = { name: String(made.name), description: String(made.description), ip_addresses: [] };
    Object.assign(made, observedIdentity(host, {}, announcedOf, vendorOf));
  }
  return plan;
}

/** A VM or container of the batch, and the row (new host or change) its virtualization goes in. */
interface Guest {
  h: number;
  hostId: string;
  row: Row;
  runsOn: NonNullable<ObservedHost['virtualization']>;
  /** What a live host has: kept as it is (details included) when it says the same. */
  current?: { type: string; host_id?: string } | null;
}

/**
 * Sets a guest's virtualization to the host that has the address it names, a host of the batch (wherever it
 * is in it) or a live one of the network; an error when there is none, or when it names the guest itself.
 */
function placeGuest(
  { h, hostId, row, runsOn, current }: Guest,
  hostOfIp: (ip: string) => string | undefined,
  normalizeIp: (text: string) => string,
): FieldError | undefined {
  const host = hostOfIp(normalizeIp(runsOn.host_ip));
  if (host && host !== hostId) {
    if (current?.type !== runsOn.type || current.host_id !== host)
      row.virtualization = { type: runsOn.type, host_id: host, details: {} };
    return undefined;
  }
  return {
    field: `hosts[${h}].virtualization.host_ip`,
    rule: 'observed',
    message: host
      ? `${runsOn.host_ip} is the guest's own address: a host cannot run on itself`
      : `${runsOn.host_ip} is an address of no host of the network or of this batch`,
  };
}

/**
 * The most specific subnet that contains an address (the first of equal prefixes), with each CIDR parsed
 * once per batch rather than once per address and subnet.
 */
function mostSpecificSubnet<S extends { cidr: string }>(subnets: readonly S[]): (ip: string) => S | undefined {
  const prefix = (s: S) => Number(s.cidr.split('/')[1]);
  const ranges = [...subnets]
    .sort((a, b) => prefix(b) - prefix(a))
    .flatMap((subnet) => {
      try {
        return [{ subnet, range: ipaddr.parseCIDR(subnet.cidr) }];
      } catch {
        return [];
      }
    });
  return (ip) => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.parse(ip);
    } catch {
      return undefined;
    }
    return ranges.find(({ range }) => address.kind() === range[0].kind() && address.match(range))?.subnet;
  };
}

function interfaceRow(i: ObservedInterface, ips: Row[], normalizeIp: (text: string) => string): Row {
  const ip = i.ip_address ? ips.find((row) => row.ip_address === normalizeIp(i.ip_address!)) : undefined;
  return { id: '', ip_address_id: ip?.id ?? null, ...interfaceFields(i) };
}
