import { normalizeMac } from '../interface-fields';
import { isMac, shortName } from '../links/neighbor-index';
import { type ObservedHost, observedMacs } from '../observation';
import { claimsFrom, claimsOf, columnsOf, type IdentityColumns, settleIdentity } from './identity';
import { type IdentityEvidence, inferIdentity, type VendorOf } from './infer-identity';

type Announcement = IdentityEvidence['announced'];

/**
 * What the batch's LLDP/CDP neighbour entries say about each device, by the keys a neighbour names it with
 * (its chassis MAC, its short system name): a switch's table describes the phones, access points and
 * other switches on its ports.
 */
export function batchAnnouncements(observed: readonly ObservedHost[]): (keys: string[]) => Announcement {
  const byKey = new Map<string, Announcement>();
  for (const host of observed)
    for (const i of host.interfaces ?? []) {
      const keys = [
        isMac(i.lldp_chassis_id) ? `mac:${normalizeMac(i.lldp_chassis_id)}` : undefined,
        i.lldp_sys_name ? `name:${shortName(i.lldp_sys_name)}` : undefined,
        i.cdp_device_id ? `name:${shortName(i.cdp_device_id)}` : undefined,
      ].filter((k): k is string => k !== undefined);
      const descriptions = [i.lldp_sys_desc, i.cdp_platform].filter((d): d is string => !!d);
      for (const key of keys) {
        const entry = byKey.get(key) ?? { capabilities: [], descriptions: [] };
        for (const c of i.neighbor_capabilities ?? []) if (!entry.capabilities.includes(c)) entry.capabilities.push(c);
        for (const d of descriptions) if (!entry.descriptions.includes(d)) entry.descriptions.push(d);
        byKey.set(key, entry);
      }
    }
  return (keys) => {
    const merged: Announcement = { capabilities: [], descriptions: [] };
    for (const entry of keys.map((k) => byKey.get(k)))
      if (entry) {
        merged.capabilities.push(...entry.capabilities.filter((c) => !merged.capabilities.includes(c)));
        merged.descriptions.push(...entry.descriptions.filter((d) => !merged.descriptions.includes(d)));
      }
    return merged;
  };
}

/**
 * The identity of an observed host: what it stored before, under what discovery says of it (Discovery)
 * and what its observation suggests (Inferred); a person's values stay (identity.ts settleIdentity).
 */
export function observedIdentity(
  host: ObservedHost,
  current: Partial<IdentityColumns> & { virtualization?: { type: string } | null },
  announcedOf: (keys: string[]) => Announcement,
  vendorOf: VendorOf,
): IdentityColumns {
  const macs = observedMacs(host, normalizeMac);
  const names = [host.name, host.hostname].filter((n): n is string => !!n);
  const inferred = inferIdentity(
    {
      names,
      description: host.description ?? '',
      virtualization: current.virtualization?.type ?? null,
      macs: [...new Set(macs)],
      serviceDefinitions: (host.services ?? []).map((s) => s.service_definition),
      announced: announcedOf([...macs.map((m) => `mac:${m}`), ...names.map((n) => `name:${shortName(n)}`)]),
      linkedInterfaces: (host.interfaces ?? []).filter(
        (i) => i.lldp_chassis_id || i.cdp_device_id || i.learned?.some((l) => l.via === 'fdb'),
      ).length,
    },
    vendorOf,
  );
  const discovered = claimsFrom(host, 'Discovery', host.identity_evidence);
  return columnsOf(settleIdentity(settleIdentity(claimsOf(current), inferred), discovered));
}
