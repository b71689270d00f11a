import { describe, expect, it } from 'vitest';
import { childChanges, type HostChildren } from './host-changes';

const versioned = (at: string) => ({
  created_at: '2026-11-01T00:00:00Z',
  updated_at: at,
  last_seen_at: at,
  valid_from: at,
  valid_to: null,
  first_discovery_id: null,
  last_discovery_id: null,
  lineage_id: null,
  network_id: 'n',
  host_id: 'h',
});
const port = (id: string, number: number, at = '2026-11-01T00:00:00Z') => ({
  ...versioned(at),
  id,
  number,
  protocol: 'Tcp' as const,
  type: 'Custom',
});
const host = (id: string, ports: ReturnType<typeof port>[] = []): HostChildren => ({
  id,
  ports,
  services: [],
  interfaces: [],
  ip_addresses: [],
});

describe('childChanges', () => {
  it('says a host gained three ports though none of its own fields changed', () => {
    const before = [host('a', [port('p1', 22)])];
    const after = [host('a', [port('p1', 22), port('p2', 80), port('p3', 443), port('p4', 8080)])];
    expect(childChanges(before, after)).toEqual({ a: ['+3 ports'] });
  });

  it('counts removed and changed children, and ignores versions and sightings', () => {
    const before = [host('a', [port('p1', 22), port('p2', 80)]), host('b', [port('q1', 53)])];
    const after = [
      host('a', [port('p1', 2222, '2026-11-02T00:00:00Z')]),
      // Seen again later, new version instants: not a change.
      host('b', [port('q1', 53, '2026-11-03T00:00:00Z')]),
    ];
    expect(childChanges(before, after)).toEqual({ a: ['−1 port', '1 port changed'] });
  });

  it('leaves out hosts present at one instant only (they are added or removed as a whole)', () => {
    expect(childChanges([host('gone', [port('p', 1)])], [host('new', [port('q', 2)])])).toEqual({});
  });
});
