import { normalizeMac } from '../interface-fields';
import type { LookupKeys, ObservedHost } from '../observation';
import { isIp, isMac, normalizeIp, shortName } from './neighbor-index';
import { claimOf } from './neighbor-links';

/**
 * Every MAC, IP address and name an ingest of these hosts can look a live host up by: its own matching
 * (host, address and interface MACs, then addresses) and link resolution's (what LLDP/CDP neighbours say
 * of themselves, MACs and addresses learnt by FDB and ARP). The snapshot holds the hosts these keys find,
 * so the plan comes out as it would from the whole network.
 */
export function lookupKeys(observed: readonly ObservedHost[]): LookupKeys {
  const macs = new Set<string>();
  const ips = new Set<string>();
  const names = new Set<string>();
  const mac = (text: string | null | undefined) => {
    const normalized = normalizeMac(text);
    if (normalized) macs.add(normalized);
  };
  const ip = (text: string | null | undefined) => {
    if (!isIp(text)) return;
    const normalized = normalizeIp(text);
    // A zone (fe80::1%eth0) is never stored, so it matches nothing; PostgreSQL's inet would refuse it.
    if (!normalized.includes('%')) ips.add(normalized);
  };
  for (const host of observed) {
    mac(host.mac);
    ip(host.virtualization?.host_ip);
    for (const address of host.ip_addresses) {
      ip(address.ip_address);
      mac(address.mac_address);
    }
    for (const i of host.interfaces ?? []) {
      mac(i.mac_address);
      const claim = claimOf(i);
      if (claim) {
        ip(claim.managementAddress);
        ip(claim.chassisId);
        if (isMac(claim.chassisId)) mac(claim.chassisId);
        if (isMac(claim.portId)) mac(claim.portId);
        if (claim.sysName) names.add(shortName(claim.sysName));
      }
      for (const learned of i.learned ?? []) {
        mac(learned.mac_address);
        ip(learned.ip_address);
      }
    }
  }
  return { macs: [...macs], ips: [...ips], names: [...names] };
}
