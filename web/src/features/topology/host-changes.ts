import type { components } from '../../../../client/schema';

type Host = components['schemas']['HostResponse'];
/** What the comparison reads of a host: its children. */
export type HostChildren = Pick<Host, 'id' | 'ports' | 'services' | 'interfaces' | 'ip_addresses'>;

const CHILDREN = [
  ['ports', 'port', 'ports'],
  ['services', 'service', 'services'],
  ['interfaces', 'interface', 'interfaces'],
  ['ip_addresses', 'address', 'addresses'],
] as const;

/** Bookkeeping that changes without the child changing (versions, sightings). */
const BOOKKEEPING = new Set([
  'created_at',
  'updated_at',
  'last_seen_at',
  'valid_from',
  'valid_to',
  'first_discovery_id',
  'last_discovery_id',
  'lineage_id',
]);

/** JSON with sorted keys and without bookkeeping, so two equal children compare equal. */
function content(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(content).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !BOOKKEEPING.has(k))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${content(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What changed in the children of each host present at both instants, by child id (live ids, stable
 * across versions): "+3 ports", "−1 service", "2 interfaces changed". Hosts whose children did not change
 * are left out. Pure.
 */
export function childChanges(before: HostChildren[], after: HostChildren[]): Record<string, string[]> {
  const earlier = new Map(before.map((h) => [h.id, h]));
  const out: Record<string, string[]> = {};
  for (const now of after) {
    const then = earlier.get(now.id);
    if (!then) continue;
    const fields: string[] = [];
    for (const [key, one, many] of CHILDREN) {
      const old = new Map<string, unknown>((then[key] ?? []).map((c) => [c.id, c]));
      const current = new Map<string, unknown>((now[key] ?? []).map((c) => [c.id, c]));
      const added = [...current.keys()].filter((id) => !old.has(id)).length;
      const removed = [...old.keys()].filter((id) => !current.has(id)).length;
      const changed = [...current].filter(([id, c]) => old.has(id) && content(old.get(id)) !== content(c)).length;
      if (added) fields.push(`+${count(added, one, many)}`);
      if (removed) fields.push(`−${count(removed, one, many)}`);
      if (changed) fields.push(`${count(changed, one, many)} changed`);
    }
    if (fields.length) out[now.id] = fields;
  }
  return out;
}
