import ipaddr from 'ipaddr.js';
import { groupBy } from '../../../../common/collections';
import { normalizeMac } from '../interface-fields';

/** An interface row as link resolution sees it, live or planned. */
export type LinkInterface = { id: string; host_id: string } & Record<string, unknown>;

export const isMac = (text: unknown): text is string =>
  typeof text === 'string' && /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i.test(text);
export const isIp = (text: unknown): text is string => typeof text === 'string' && ipaddr.isValid(text);
export const normalizeIp = (text: string) => ipaddr.parse(text).toString();
/** "lab-h1.example.net" and "LAB-H1" name the same device. */
export const shortName = (name: string) => name.trim().toLowerCase().split('.')[0];

/** What an LLDP or CDP neighbour says of itself. */
export interface NeighborClaim {
  protocol: 'lldp' | 'cdp';
  sysName?: string;
  chassisId?: string;
  managementAddress?: string;
  portId?: string;
  portDesc?: string;
  sysDesc?: string;
}

export interface HostMatch {
  hostId: string;
  /** How it was matched, for a person: "management address 10.0.0.2". */
  by: string;
}

/**
 * The network's hosts by address, MAC and name, and their interfaces, as they will be after the
 * ingest (live rows and this batch together). Grows as link resolution creates hosts and interfaces.
 */
export class NeighborIndex {
  private readonly byIp = new Map<string, string>();
  private readonly byMac = new Map<string, string>();
  private readonly byName = new Map<string, string>();
  private readonly ipKeys = new Map<string, string | undefined>();
  private readonly interfacesByHost: Map<string, LinkInterface[]>;

  constructor(
    addresses: Record<string, unknown>[],
    interfaces: LinkInterface[],
    names: { id: string; names: string[] }[],
  ) {
    for (const a of addresses) this.addAddress(String(a.host_id), String(a.ip_address), a.mac_address);
    for (const i of interfaces) if (isMac(i.mac_address)) this.byMac.set(normalizeMac(i.mac_address), i.host_id);
    for (const host of names) for (const name of host.names) this.addName(host.id, name);
    this.interfacesByHost = groupBy(interfaces, (i) => i.host_id);
  }

  addAddress(hostId: string, ip: string, mac?: unknown) {
    const key = this.ipKey(ip);
    if (key !== undefined) this.byIp.set(key, hostId);
    if (isMac(mac)) this.byMac.set(normalizeMac(mac), hostId);
  }

  addName(hostId: string, name: string) {
    if (name.trim() && !this.byName.has(shortName(name))) this.byName.set(shortName(name), hostId);
  }

  addInterface(row: LinkInterface) {
    this.interfacesByHost.set(row.host_id, [...(this.interfacesByHost.get(row.host_id) ?? []), row]);
    if (isMac(row.mac_address)) this.byMac.set(normalizeMac(row.mac_address), row.host_id);
  }

  interfacesOf(hostId: string): LinkInterface[] {
    return this.interfacesByHost.get(hostId) ?? [];
  }

  hostByMac(mac: string): string | undefined {
    return this.byMac.get(normalizeMac(mac));
  }

  hostByIp(ip: string): string | undefined {
    const key = this.ipKey(ip);
    return key === undefined ? undefined : this.byIp.get(key);
  }

  /** An address in its normal form (undefined when it is none), each text parsed once per batch. */
  private ipKey(text: string): string | undefined {
    if (this.ipKeys.has(text)) return this.ipKeys.get(text);
    const key = isIp(text) ? normalizeIp(text) : undefined;
    this.ipKeys.set(text, key);
    return key;
  }

  /** Management address, chassis MAC (or address), port MAC, then system name; never the asking host itself. */
  findHost(claim: NeighborClaim, asking: string): HostMatch | undefined {
    const tries: [string | undefined, string][] = [
      [
        claim.managementAddress && this.hostByIp(claim.managementAddress),
        `management address ${claim.managementAddress}`,
      ],
      [isMac(claim.chassisId) ? this.hostByMac(claim.chassisId) : undefined, `chassis MAC ${claim.chassisId}`],
      [claim.chassisId && this.hostByIp(claim.chassisId), `chassis address ${claim.chassisId}`],
      [isMac(claim.portId) ? this.hostByMac(claim.portId) : undefined, `port MAC ${claim.portId}`],
      [claim.sysName && this.byName.get(shortName(claim.sysName)), `system name ${claim.sysName}`],
    ];
    const hit = tries.find(([hostId]) => hostId && hostId !== asking);
    return hit && { hostId: hit[0]!, by: hit[1] };
  }

  /** The far port among the host's interfaces: by port id (name, alias, description, MAC, ifIndex), then port description. */
  findPort(hostId: string, claim: NeighborClaim): LinkInterface | undefined {
    const interfaces = this.interfacesOf(hostId);
    const named = (text: string | undefined) =>
      text ? interfaces.find((i) => [i.if_name, i.if_descr, i.if_alias].includes(text)) : undefined;
    const byMac = isMac(claim.portId)
      ? interfaces.find((i) => i.mac_address === normalizeMac(claim.portId))
      : undefined;
    const byIndex =
      claim.portId && /^\d+$/.test(claim.portId)
        ? interfaces.find((i) => String(i.if_index) === claim.portId)
        : undefined;
    return named(claim.portId) ?? byMac ?? byIndex ?? named(claim.portDesc);
  }
}
