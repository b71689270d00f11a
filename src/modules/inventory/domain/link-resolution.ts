import ipaddr from 'ipaddr.js';
import { interfaceFields, normalizeMac } from './interface-fields';
import { isMac, type LinkInterface, type NeighborClaim, NeighborIndex } from './neighbor-index';
import type { IngestPlan, LinkDiagnostic, LinkProvenance, NetworkSnapshot, ObservedInterface } from './observation';

type Row = { id: string } & Record<string, unknown>;

/** What planIngest knows of this batch beyond the plan itself. */
export interface LinkInputs {
  /** The observed interface behind each planned interface row. */
  observed: Map<string, ObservedInterface>;
  /** Hosts whose interfaces this batch reported in full (they answered SNMP): no interface is made up on them. */
  authoritative: Set<string>;
  /** Names each batch host goes by. */
  names: { id: string; names: string[] }[];
  subnetOf: (ip: string) => { id: string } | undefined;
  newId: () => string;
}

const firstLine = (text: unknown) => (typeof text === 'string' ? text.split(/\r?\n/)[0].trim() : '');

function claimOf(i: ObservedInterface): NeighborClaim | undefined {
  if (i.lldp_sys_name || i.lldp_chassis_id || i.lldp_port_id)
    return {
      protocol: 'lldp',
      sysName: i.lldp_sys_name ?? undefined,
      chassisId: i.lldp_chassis_id ?? undefined,
      managementAddress: i.lldp_mgmt_addr ?? undefined,
      portId: i.lldp_port_id ?? undefined,
      portDesc: i.lldp_port_desc ?? undefined,
      sysDesc: i.lldp_sys_desc ?? undefined,
    };
  if (i.cdp_device_id || i.cdp_address)
    return {
      protocol: 'cdp',
      sysName: i.cdp_device_id ?? undefined,
      managementAddress: i.cdp_address ?? undefined,
      portId: i.cdp_port_id ?? undefined,
      sysDesc: i.cdp_platform ?? undefined,
    };
  return undefined;
}

/**
 * Draws the batch's L2 links into the plan: every LLDP/CDP neighbour resolved to a host (one made from the
 * neighbour data when none matches) and its port (made up on hosts that answer no SNMP), MACs learnt on
 * edge ports (FDB), then ARP entries for hosts still unplaced. Both ends point at each other where the
 * far end is not authoritative; each decision leaves a diagnostic a person can read.
 */
export function resolveLinks(plan: IngestPlan, snapshot: NetworkSnapshot, inputs: LinkInputs): LinkDiagnostic[] {
  const planned = [...plan.children.interfaces.inserts, ...plan.children.interfaces.changes] as LinkInterface[];
  const replaced = new Set([...planned.map((row) => row.id), ...plan.children.interfaces.closes]);
  const kept = snapshot.interfaces.filter((i) => !replaced.has(i.id)) as LinkInterface[];
  const addresses = [
    ...snapshot.ip_addresses,
    ...plan.children.ip_addresses.inserts,
    ...plan.children.ip_addresses.changes,
  ] as Row[];
  const keptIds = new Set(kept.map((row) => row.id));
  const index = new NeighborIndex(
    addresses,
    [...kept, ...planned],
    [...snapshot.hosts.map((h) => ({ id: h.id, names: [h.name, h.hostname] })), ...inputs.names],
  );
  const hostName = new Map([...snapshot.hosts, ...plan.newHosts].map((h) => [h.id, String(h.name)]));
  const diagnostics: LinkDiagnostic[] = [];
  const note = (host_id: string, topic: LinkProvenance, message: string) =>
    diagnostics.push({ host_id, topic, message });
  const keptChanges = new Map<string, Row>();
  const linked = new Set<string>();

  for (const row of planned) if (inputs.authoritative.has(row.host_id)) row.neighbor = null;

  /** An interface its own host reported (SNMP, now or in an earlier run): only that host's own data sets its neighbour. */
  const reported = (row: LinkInterface) =>
    inputs.authoritative.has(row.host_id) || (keptIds.has(row.id) && Number(row.if_index) > 0);
  const reportsInterfaces = (hostId: string) =>
    inputs.authoritative.has(hostId) || index.interfacesOf(hostId).some((i) => reported(i));
  const link = (near: LinkInterface, far: LinkInterface, provenance: LinkProvenance, both = true) => {
    linked.add(near.host_id).add(far.host_id);
    if (!reported(far)) setNeighbor(far, near, provenance);
    if (both && !near.neighbor) setNeighbor(near, far, provenance);
  };
  const setNeighbor = (row: LinkInterface, to: LinkInterface, provenance: LinkProvenance) => {
    const neighbor = { host_id: to.host_id, interface_id: to.id, provenance };
    row.neighbor = neighbor;
    if (keptIds.has(row.id)) keptChanges.set(row.id, { id: row.id, neighbor });
  };
  /** A port on a host that answers no SNMP, described by what its neighbour said of it. */
  const makePort = (hostId: string, fields: { if_name?: string; if_descr?: string; mac_address?: string }) => {
    const ip = addresses.find(
      (a) => a.host_id === hostId && fields.mac_address && a.mac_address === fields.mac_address,
    );
    const row: LinkInterface = {
      id: inputs.newId(),
      host_id: hostId,
      ip_address_id: ip?.id ?? null,
      ...interfaceFields(fields),
      neighbor: null,
    };
    plan.children.interfaces.inserts.push(row);
    plan.children.interfaces.seen.push(row.id);
    index.addInterface(row);
    return row;
  };
  const label = (hostId: string) => hostName.get(hostId) ?? hostId;
  const portName = (row: LinkInterface) =>
    String(
      row.if_name || row.if_descr || row.mac_address || (Number(row.if_index) > 0 ? `if${row.if_index}` : 'unnamed'),
    );

  // 1. LLDP and CDP neighbours
  for (const near of planned) {
    const observed = inputs.observed.get(near.id);
    const claim = observed && claimOf(observed);
    if (!claim) continue;
    const who = `${claim.protocol.toUpperCase()} neighbour ${claim.sysName ?? claim.chassisId ?? claim.managementAddress} on ${label(near.host_id)} ${portName(near)}`;
    const match = index.findHost(claim, near.host_id);
    if (match) nameAfterNeighbor(match.hostId, claim.sysName);
    const hostId = match?.hostId ?? newNeighborHost(claim);
    let far = index.findPort(hostId, claim) ?? index.interfacesOf(hostId).find((i) => pointsAt(i, near));
    if (!far && reportsInterfaces(hostId)) {
      note(
        near.host_id,
        claim.protocol,
        `${who} matched ${label(hostId)} by ${match!.by}, which reports no port ${claim.portId}: no link`,
      );
      continue;
    }
    const made = !far;
    far ??= makePort(hostId, portFields(claim));
    link(near, far, claim.protocol);
    const how = match
      ? `matched ${label(hostId)} by ${match.by}`
      : `matched no known host: host ${label(hostId)} created from it`;
    note(
      hostId,
      claim.protocol,
      `${who} ${how}; far port: ${portName(far)}${made ? ' (made from the neighbour data: the host answers no SNMP)' : ''}`,
    );
  }

  // 2. MACs learnt on edge ports
  const fdbPorts = planned.filter((row) => inputs.observed.get(row.id)?.learned?.some((l) => l.via === 'fdb'));
  const switches = new Set(fdbPorts.map((row) => row.host_id));
  const learntOn = (row: LinkInterface) => inputs.observed.get(row.id)!.learned!.filter((l) => l.via === 'fdb');
  const uplink = (row: LinkInterface) =>
    inputs.observed.get(row.id)?.neighbor_capabilities?.includes('Bridge') ||
    learntOn(row).some((l) => {
      const h = index.hostByMac(l.mac_address);
      return h !== undefined && h !== row.host_id && switches.has(h);
    });
  const edgePorts = fdbPorts.filter((row) => !uplink(row));
  for (const row of fdbPorts.filter(uplink))
    note(
      row.host_id,
      'fdb',
      `MACs learnt on ${label(row.host_id)} ${portName(row)} not used: it leads to another switch`,
    );
  const bestPort = new Map<string, LinkInterface>();
  for (const row of edgePorts)
    for (const { mac_address } of learntOn(row)) {
      const best = bestPort.get(mac_address);
      if (!best || learntOn(row).length < learntOn(best).length) bestPort.set(mac_address, row);
    }
  for (const [mac, port] of bestPort) {
    const hostId = index.hostByMac(mac);
    if (!hostId || hostId === port.host_id || linked.has(hostId)) continue;
    let far = index.interfacesOf(hostId).find((i) => i.mac_address === normalizeMac(mac));
    if (!far && reportsInterfaces(hostId)) continue;
    far ??= makePort(hostId, { mac_address: mac });
    link(port, far, 'fdb');
    note(
      hostId,
      'fdb',
      `MAC ${mac} of ${label(hostId)} learnt on ${label(port.host_id)} ${portName(port)}, an edge port: linked`,
    );
  }

  // 3. ARP entries place hosts that nothing else placed
  for (const router of planned)
    for (const entry of inputs.observed.get(router.id)?.learned?.filter((l) => l.via === 'arp') ?? []) {
      const hostId = index.hostByMac(entry.mac_address) ?? (entry.ip_address && index.hostByIp(entry.ip_address));
      if (!hostId || hostId === router.host_id || linked.has(hostId) || reportsInterfaces(hostId)) continue;
      const far =
        index.interfacesOf(hostId).find((i) => i.mac_address === normalizeMac(entry.mac_address)) ??
        makePort(hostId, { mac_address: entry.mac_address });
      link(router, far, 'arp', false);
      note(
        hostId,
        'arp',
        `${label(hostId)} placed on ${label(router.host_id)} ${portName(router)} by its ARP entry (no LLDP, CDP or FDB link)`,
      );
    }

  // 4. Ports made up on other hosts forget links their authoritative far end no longer reports
  const plannedIds = new Set(planned.filter((row) => inputs.authoritative.has(row.host_id)).map((row) => row.id));
  for (const row of kept) {
    const neighbor = row.neighbor as { interface_id?: string } | null;
    if (neighbor?.interface_id && plannedIds.has(neighbor.interface_id) && !keptChanges.has(row.id) && !reported(row))
      keptChanges.set(row.id, { id: row.id, neighbor: null });
  }
  plan.children.interfaces.changes.push(...keptChanges.values());
  return diagnostics;

  /** A host this batch creates, named only by its address, takes the name its LLDP/CDP neighbour gave. */
  function nameAfterNeighbor(hostId: string, sysName: string | undefined) {
    const created = plan.newHosts.find((h) => h.id === hostId);
    if (!created || !sysName || !ipaddr.isValid(String(created.name))) return;
    const name = sysName.slice(0, 255);
    created.name = name;
    hostName.set(hostId, name);
  }

  function newNeighborHost(claim: NeighborClaim): string {
    const id = inputs.newId();
    const name = (claim.sysName || claim.chassisId || claim.managementAddress || 'unknown').slice(0, 255);
    const description = firstLine(claim.sysDesc).slice(0, 4096);
    plan.newHosts.push({
      id,
      name,
      hostname: '',
      description,
      hidden: false,
      source: { type: 'Discovery' },
      virtualization: null,
    });
    plan.seenHosts.push(id);
    hostName.set(id, name);
    index.addName(id, name);
    const subnet = claim.managementAddress ? inputs.subnetOf(claim.managementAddress) : undefined;
    if (subnet && claim.managementAddress) {
      const row = {
        id: inputs.newId(),
        host_id: id,
        subnet_id: subnet.id,
        ip_address: claim.managementAddress,
        mac_address: '',
        position: 0,
        name: '',
      };
      plan.children.ip_addresses.inserts.push(row);
      plan.children.ip_addresses.seen.push(row.id);
      addresses.push(row);
      index.addAddress(id, claim.managementAddress);
    }
    if (isMac(claim.chassisId)) index.addAddress(id, '', claim.chassisId);
    return id;
  }
}

const pointsAt = (row: LinkInterface, to: LinkInterface) =>
  (row.neighbor as { interface_id?: string } | null)?.interface_id === to.id;

/** A far port as its neighbour describes it: the port id as its name, unless that is a MAC (then the description names it). */
function portFields(claim: NeighborClaim) {
  const mac = isMac(claim.portId) ? normalizeMac(claim.portId) : undefined;
  return {
    if_name: (mac ? claim.portDesc || mac : claim.portId || claim.portDesc || '').slice(0, 255),
    if_descr: (claim.portDesc ?? '').slice(0, 4096),
    ...(mac && { mac_address: mac }),
  };
}
