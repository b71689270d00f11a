import { normalizeMac } from '../interface-fields';
import type { ObservedInterface } from '../observation';
import type { LinkDrawing } from './link-drawing';
import { isMac, type LinkInterface, type NeighborClaim } from './neighbor-index';

const firstLine = (text: string | undefined) => (text ?? '').split(/\r?\n/)[0].trim();

export function claimOf(i: ObservedInterface): NeighborClaim | undefined {
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

/** A far port as its neighbour describes it: the port id as its name, unless that is a MAC (then the description names it). */
function portFields(claim: NeighborClaim) {
  const mac = isMac(claim.portId) ? normalizeMac(claim.portId) : undefined;
  return {
    if_name: (mac ? claim.portDesc || mac : claim.portId || claim.portDesc || '').slice(0, 255),
    if_descr: (claim.portDesc ?? '').slice(0, 4096),
    ...(mac && { mac_address: mac }),
  };
}

const pointsAt = (row: LinkInterface, to: LinkInterface) =>
  (row.neighbor as { interface_id?: string } | null)?.interface_id === to.id;

/**
 * Every LLDP/CDP neighbour of the batch's ports: resolved to a host (one made from the neighbour data
 * when none matches) and to its port (made up on hosts that report none of their own).
 */
export function drawNeighborLinks(d: LinkDrawing): void {
  for (const near of d.planned) {
    const observed = d.observedOf(near);
    const claim = observed && claimOf(observed);
    if (!claim) continue;
    const who = `${claim.protocol.toUpperCase()} neighbour ${claim.sysName ?? claim.chassisId ?? claim.managementAddress} on ${d.label(near.host_id)} ${d.portName(near)}`;
    const match = d.index.findHost(claim, near.host_id);
    if (match) d.describeNew(match.hostId, claim.sysName, firstLine(claim.sysDesc));
    const hostId = match?.hostId ?? neighborHost(d, claim);
    let far = d.index.findPort(hostId, claim) ?? d.index.interfacesOf(hostId).find((i) => pointsAt(i, near));
    if (!far && d.reportsInterfaces(hostId)) {
      const why = `matched ${d.label(hostId)} by ${match!.by}, which reports no port ${claim.portId}: no link`;
      d.note(near.host_id, claim.protocol, `${who} ${why}`);
      continue;
    }
    const made = !far;
    far ??= d.makePort(hostId, portFields(claim));
    d.link(near, far, claim.protocol);
    const how = match
      ? `matched ${d.label(hostId)} by ${match.by}`
      : `matched no known host: host ${d.label(hostId)} created from it`;
    const madeUp = made ? ' (made from the neighbour data: the host answers no SNMP)' : '';
    d.note(hostId, claim.protocol, `${who} ${how}; far port: ${d.portName(far)}${madeUp}`);
  }
}

/** A neighbour that matches no host becomes one: its management address its IP when inside a subnet. */
function neighborHost(d: LinkDrawing, claim: NeighborClaim): string {
  const name = (claim.sysName || claim.chassisId || claim.managementAddress || 'unknown').slice(0, 255);
  const address = claim.managementAddress;
  const subnet = address ? d.inputs.subnetOf(address) : undefined;
  const hostId = d.makeHost(
    name,
    firstLine(claim.sysDesc).slice(0, 4096),
    subnet && address ? { address, subnetId: subnet.id } : undefined,
  );
  if (isMac(claim.chassisId)) d.index.addAddress(hostId, '', claim.chassisId);
  return hostId;
}
