import type { HostDraft } from '../host';
import {
  claimsOf,
  columnsOf,
  IDENTITY_FIELDS,
  type IdentityClaims,
  type IdentityColumns,
  settleIdentity,
} from './identity';
import { inferIdentity, type VendorOf } from './infer-identity';

/** The identity fields a request named: a value, null (back to discovery), or absent (unchanged). */
export type IdentityRequest = HostDraft['identity'];

/**
 * A host's identity after a person wrote it (POST or PUT): a value they give is theirs (Manual) and stays
 * whatever discovery says later, unless it equals what the host already shows (then it keeps its source,
 * so a form sent back unchanged claims nothing); null hands the field back to discovery and guesses; a
 * field left out keeps what it had. Fields nobody set are guessed again from the host as written.
 */
export function requestedIdentity(
  draft: HostDraft,
  current: Partial<IdentityColumns>,
  vendorOf: VendorOf,
): IdentityColumns {
  const before: IdentityClaims = claimsOf(current);
  const manual: IdentityClaims = {};
  for (const field of IDENTITY_FIELDS) {
    if (!(field in draft.identity)) continue;
    const value = draft.identity[field]?.trim();
    if (!value || (field === 'device_type' && value === 'Unknown')) {
      if (before[field]?.source === 'Manual') delete before[field];
    } else if (before[field]?.value !== value) manual[field] = { value, source: 'Manual', evidence: [] };
  }
  const inferred = inferIdentity(
    {
      names: [draft.name, draft.hostname],
      description: draft.description,
      virtualization: draft.virtualization?.type ?? null,
      macs: [...draft.ip_addresses, ...draft.interfaces].map((row) => row.mac_address).filter(Boolean),
      serviceDefinitions: draft.services.map((s) => s.service_definition),
      announced: { capabilities: [], descriptions: [] },
      linkedInterfaces: draft.interfaces.filter((i) => i.neighbor || i.lldp_chassis_id || i.cdp_device_id).length,
    },
    vendorOf,
  );
  return columnsOf(settleIdentity(settleIdentity(before, inferred), manual));
}
