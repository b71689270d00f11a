import { describe, expect, it } from 'vitest';
import type { Host } from './api';
import { groupHosts, groupLabel, groupValueOf } from './grouping';

const host = (id: string, fields: Partial<Host> = {}): Host =>
  ({
    id,
    name: id,
    hostname: '',
    network_id: 'n1',
    virtualization: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    last_seen_at: '2026-11-01T10:00:00.000Z',
    ip_addresses: [],
    ...fields,
  }) as Host;

const ip = (address: string) => ({ ip_address: address }) as Host['ip_addresses'][number];

describe('grouping a page of hosts', () => {
  it('splits consecutive rows by value and carries the counts over the whole filtered set', () => {
    const page = [host('a', { network_id: 'n1' }), host('b', { network_id: 'n1' }), host('c', { network_id: 'n2' })];
    const groups = groupHosts(page, 'network_id', [
      { value: 'n1', count: 7 },
      { value: 'n2', count: 1 },
    ]);
    expect(groups.map((g) => [g.value, g.count, g.hosts.map((h) => h.id)])).toEqual([
      ['n1', 7, ['a', 'b']],
      ['n2', 1, ['c']],
    ]);
  });

  it('groups hosts without a value (null) together and names them', () => {
    const vm = host('vm', { virtualization: { type: 'Vm', host_id: 'hv', details: {} } });
    const groups = groupHosts([vm, host('bare1'), host('bare2')], 'virtualized_by', [
      { value: 'hv', count: 1 },
      { value: null, count: 2 },
    ]);
    expect(groups.map((g) => [g.value, g.count])).toEqual([
      ['hv', 1],
      [null, 2],
    ]);
    expect(groupLabel('virtualized_by', null)).toBe('Not virtualized');
    expect(groupLabel('virtualized_by', 'hv', { hosts: new Map([['hv', 'esx-01']]) })).toBe('esx-01');
    expect(groupLabel('network_id', 'n1', { networks: new Map([['n1', 'Lab']]) })).toBe('Lab');
    expect(groupLabel('hostname', '')).toBe('No hostname');
    expect(groupLabel('name', 'web')).toBe('web');
  });

  it('matches dates by instant, whatever their text', () => {
    const groups = groupHosts([host('a'), host('b')], 'created_at', [{ value: '2026-11-01T10:00:00Z', count: 2 }]);
    expect(groups).toHaveLength(1);
    expect(groups[0].count).toBe(2);
  });

  it("uses the host's address that the server grouped on for interface_ip", () => {
    const h = host('a', { ip_addresses: [ip('10.0.0.20'), ip('10.0.0.3')] });
    expect(groupValueOf(h, 'interface_ip', [{ value: '10.0.0.3', count: 1 }])).toBe('10.0.0.3');
    expect(groupValueOf(host('b'), 'interface_ip', [])).toBeNull();
    expect(groupLabel('interface_ip', null)).toBe('No IP address');
  });

  it('never shows a zero count for a group the counts do not name', () => {
    expect(groupHosts([host('a', { name: 'x' })], 'name', [])[0].count).toBe(1);
  });
});
