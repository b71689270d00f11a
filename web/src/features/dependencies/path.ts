import type { components } from '../../../../client/schema';

type HostResponse = components['schemas']['HostResponse'];
type Color = components['schemas']['DependencyBodyDto']['color'];

/** A service a person can pick, named as "host:port" (or "host/service" when it has no port). */
export interface ServiceOption {
  id: string;
  hostId: string;
  hostName: string;
  serviceName: string;
  definition: string;
  port: number | null;
  label: string;
}

export function servicesOfHosts(hosts: readonly HostResponse[]): ServiceOption[] {
  return hosts.flatMap((host) =>
    [...(host.services ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((service) => {
        const portId = service.bindings.find((b) => b.type === 'Port' && b.port_id)?.port_id;
        const port = host.ports?.find((p) => p.id === portId)?.number ?? null;
        return {
          id: service.id,
          hostId: host.id,
          hostName: host.name,
          serviceName: service.name,
          definition: service.service_definition,
          port,
          label: port !== null ? `${host.name}:${port}` : `${host.name}/${service.name}`,
        };
      }),
  );
}

/** Adds a service at the end of the path; a service already in it stays where it is. */
export const addMember = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? [...ids] : [...ids, id]);

export const removeMember = (ids: readonly string[], index: number): string[] => ids.filter((_, i) => i !== index);

/** Moves one member to another place (clamped to the list), keeping the others in their order. */
export function moveMember(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** A HubAndSpoke's first member is its hub. */
export const makeHub = (ids: readonly string[], index: number): string[] => moveMember(ids, index, 0);

export type LabelOf = (id: string) => string;

export const labelWith =
  (options: readonly ServiceOption[] | undefined): LabelOf =>
  (id) =>
    options?.find((o) => o.id === id)?.label ?? `service ${id.slice(0, 8)}`;

/** "web:443 → api:8080 → db:5432", or "hub → a, b" for a hub and its spokes. */
export function chainText(type: 'RequestPath' | 'HubAndSpoke', ids: readonly string[], label: LabelOf): string {
  if (ids.length === 0) return '';
  if (type === 'HubAndSpoke')
    return ids.length === 1 ? label(ids[0]) : `${label(ids[0])} → ${ids.slice(1).map(label).join(', ')}`;
  return ids.map(label).join(' → ');
}

export const COLORS: Record<Color, string> = {
  Pink: '#ec4899',
  Rose: '#f43f5e',
  Red: '#ef4444',
  Amber: '#f59e0b',
  Orange: '#f97316',
  Yellow: '#eab308',
  Lime: '#84cc16',
  Green: '#22c55e',
  Emerald: '#10b981',
  Teal: '#14b8a6',
  Cyan: '#06b6d4',
  Sky: '#0ea5e9',
  Blue: '#3b82f6',
  Indigo: '#6366f1',
  Violet: '#8b5cf6',
  Purple: '#a855f7',
  Fuchsia: '#d946ef',
  Gray: '#6b7280',
};

export const colorHex = (color: string) => COLORS[color as Color] ?? COLORS.Gray;

/** What the form checks before the API does. */
export function dependencyProblems(input: { name: string; networkId: string; members: readonly string[] }) {
  const problems: Partial<Record<'name' | 'network_id' | 'members', string>> = {};
  if (!input.name.trim()) problems.name = 'Give the dependency a name';
  if (!input.networkId) problems.network_id = 'Choose the network of its services';
  if (input.members.length < 2) problems.members = 'Pick at least two services';
  return problems;
}
