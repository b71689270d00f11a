/** What kind of device a host is (docs/inventory.md "Device identity"). */
export const DEVICE_TYPES = [
  'Router',
  'Firewall',
  'Switch',
  'AccessPoint',
  'Server',
  'Hypervisor',
  'VirtualMachine',
  'Container',
  'Workstation',
  'Printer',
  'Phone',
  'Camera',
  'Storage',
  'IoT',
  'Unknown',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The identity fields of a host, each with where its value came from. */
export const IDENTITY_FIELDS = ['device_type', 'vendor', 'model', 'os', 'location'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** Who said so: a person, a discovery source that read it off the device, or a guess from other data. */
export const IDENTITY_SOURCES = ['Manual', 'Discovery', 'Inferred'] as const;
export type IdentitySource = (typeof IDENTITY_SOURCES)[number];
const RANK: Record<IdentitySource, number> = { Manual: 3, Discovery: 2, Inferred: 1 };

/** One field's value and what supports it (lines a person can read). */
export interface Claim {
  value: string;
  source: IdentitySource;
  evidence: string[];
}
export type IdentityClaims = Partial<Record<IdentityField, Claim>>;

/** A host's identity as stored: the values in their own columns, the sources beside them. */
export interface IdentityColumns {
  device_type: DeviceType;
  vendor: string | null;
  model: string | null;
  os: string | null;
  location: string | null;
  identity_sources: Partial<Record<IdentityField, { source: IdentitySource; evidence: string[] }>>;
}

/**
 * Per field, the claim from the higher source: a person's value wins over discovery's, discovery's over a
 * guess; a claim from the same source replaces the one before. A field nobody claims keeps its value.
 */
export function settleIdentity(current: IdentityClaims, incoming: IdentityClaims): IdentityClaims {
  const settled: IdentityClaims = { ...current };
  for (const field of IDENTITY_FIELDS) {
    const [now, next] = [current[field], incoming[field]];
    if (next && (!now || RANK[next.source] >= RANK[now.source])) settled[field] = next;
  }
  return settled;
}

export function columnsOf(claims: IdentityClaims): IdentityColumns {
  const sources: IdentityColumns['identity_sources'] = {};
  for (const field of IDENTITY_FIELDS) {
    const claim = claims[field];
    if (claim) sources[field] = { source: claim.source, evidence: claim.evidence };
  }
  return {
    device_type: (claims.device_type?.value as DeviceType | undefined) ?? 'Unknown',
    vendor: claims.vendor?.value ?? null,
    model: claims.model?.value ?? null,
    os: claims.os?.value ?? null,
    location: claims.location?.value ?? null,
    identity_sources: sources,
  };
}

/** The claims stored columns hold (a field without a source, as before sources were kept, is a guess). */
export function claimsOf(columns: Partial<IdentityColumns>): IdentityClaims {
  const claims: IdentityClaims = {};
  for (const field of IDENTITY_FIELDS) {
    const value = columns[field];
    if (value === null || value === undefined || value === 'Unknown') continue;
    const source = columns.identity_sources?.[field];
    claims[field] = { value, source: source?.source ?? 'Inferred', evidence: source?.evidence ?? [] };
  }
  return claims;
}

/** A person's or a discovery source's plain values as claims of that source. */
export function claimsFrom(
  values: Partial<Record<IdentityField, string | null | undefined>>,
  source: IdentitySource,
  evidence: Partial<Record<IdentityField, string>> = {},
): IdentityClaims {
  const claims: IdentityClaims = {};
  for (const field of IDENTITY_FIELDS) {
    const value = values[field]?.trim();
    if (value && value !== 'Unknown')
      claims[field] = { value, source, evidence: evidence[field] ? [evidence[field]] : [] };
  }
  return claims;
}
