import type { DeviceType, IdentityClaims } from './identity';
import {
  CAPABILITY_TYPES,
  DESCRIPTION_RULES,
  IOT_SERVICES,
  NAME_TYPES,
  SERVER_SERVICES,
  SERVICE_TYPES,
  VENDORS,
  WORKSTATION_SERVICES,
} from './identity-rules';

/** What the inventory already knows about a host that hints at what it is. */
export interface IdentityEvidence {
  names: string[];
  /** The host's own system description (discovery writes sysDescr into the description). */
  description: string;
  virtualization: string | null;
  macs: string[];
  serviceDefinitions: string[];
  /** What LLDP/CDP neighbours report about this host: its capabilities, system description and platform. */
  announced: { capabilities: string[]; descriptions: string[] };
  /** This host's interfaces that lead to other hosts (LLDP/CDP neighbours or MACs its bridge learnt). */
  linkedInterfaces: number;
}

/** The registrant of a MAC's prefix in the IEEE OUI registry, if any. */
export type VendorOf = (mac: string) => string | undefined;

/** Candidates for the device type, strongest first by weight. */
interface Candidate {
  type: DeviceType;
  weight: number;
  evidence: string;
}

const first = <T>(items: T[]) => items[0];
const fill = (template: string | undefined, match: RegExpMatchArray) =>
  template?.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '').trim() || undefined;
const shortVendor = (organisation: string) => VENDORS.find((v) => v.pattern.test(organisation));

/**
 * A first guess at a host's type, vendor, model and OS from data the inventory already holds, each with the
 * evidence it rests on (docs/inventory.md "Device identity"). Deterministic: the same evidence, the same guess.
 */
export function inferIdentity(evidence: IdentityEvidence, vendorOf: VendorOf): IdentityClaims {
  const claims: IdentityClaims = {};
  const candidates: Candidate[] = [];
  const guess = (field: 'vendor' | 'model' | 'os', value: string | undefined, why: string) => {
    if (value && !claims[field]) claims[field] = { value, source: 'Inferred', evidence: [why] };
  };

  if (evidence.virtualization === 'Vm')
    candidates.push({ type: 'VirtualMachine', weight: 100, evidence: 'virtualization: a virtual machine' });
  if (evidence.virtualization === 'Container')
    candidates.push({ type: 'Container', weight: 100, evidence: 'virtualization: a container' });

  const descriptions = [evidence.description, ...evidence.announced.descriptions].filter(Boolean);
  for (const text of descriptions) {
    for (const rule of DESCRIPTION_RULES) {
      const match = text.match(rule.pattern);
      if (!match) continue;
      const why = `system description: ${text.split(/\r?\n/)[0].slice(0, 120)}`;
      guess('vendor', rule.vendor, why);
      guess('os', fill(rule.os, match), why);
      guess('model', fill(rule.model, match), why);
      if (rule.type) candidates.push({ type: rule.type, weight: 90, evidence: why });
      break;
    }
  }

  const announced = new Set(evidence.announced.capabilities);
  const capability = CAPABILITY_TYPES.find(([name]) => announced.has(name));
  if (capability)
    candidates.push({
      type: capability[1],
      weight: 80,
      evidence: `LLDP/CDP: a neighbour reports capabilities ${[...announced].sort().join(', ')}`,
    });

  const services = new Set(evidence.serviceDefinitions);
  for (const [definition, type] of SERVICE_TYPES)
    if (services.has(definition)) candidates.push({ type, weight: 70, evidence: `service ${definition}` });

  if (evidence.linkedInterfaces >= 3)
    candidates.push({
      type: 'Switch',
      weight: 60,
      evidence: `${evidence.linkedInterfaces} interfaces lead to other hosts`,
    });

  const mac = first(evidence.macs.filter((m) => vendorOf(m)));
  const organisation = mac ? vendorOf(mac) : undefined;
  if (mac && organisation) {
    const known = shortVendor(organisation);
    const why = `MAC ${mac.slice(0, 8)} registered to ${organisation}`;
    guess('vendor', known?.name ?? organisation, why);
    if (known?.type) candidates.push({ type: known.type, weight: 50, evidence: why });
  }

  const serverServices = [...services].filter((s) => SERVER_SERVICES.has(s)).sort();
  if (serverServices.length > 0)
    candidates.push({ type: 'Server', weight: 40, evidence: `server services: ${serverServices.join(', ')}` });
  const rest = [...services].filter((s) => s !== 'Ssh' && s !== 'Snmp');
  if (rest.length > 0 && rest.every((s) => WORKSTATION_SERVICES.has(s)))
    candidates.push({ type: 'Workstation', weight: 35, evidence: `desktop services only: ${rest.sort().join(', ')}` });
  if (rest.length > 0 && rest.every((s) => IOT_SERVICES.has(s)))
    candidates.push({ type: 'IoT', weight: 35, evidence: `IoT services only: ${rest.sort().join(', ')}` });

  // the first name that follows a convention (a hostname often repeats the name)
  for (const name of evidence.names.filter(Boolean)) {
    const named = NAME_TYPES.find(([pattern]) => pattern.test(name));
    if (!named) continue;
    candidates.push({ type: named[1], weight: 20, evidence: `name ${name}` });
    break;
  }

  const best = candidates.reduce<Candidate | undefined>((a, c) => (!a || c.weight > a.weight ? c : a), undefined);
  if (best)
    claims.device_type = {
      value: best.type,
      source: 'Inferred',
      evidence: candidates.filter((c) => c.type === best.type).map((c) => c.evidence),
    };
  return claims;
}
