import { describe, expect, it } from 'vitest';
import type { HostVersion } from './api';
import { buildTimeline, changesBetween, deletedAt, instantOf } from './history';

const version = (from: string, to: string | null, fields: Partial<HostVersion> = {}): HostVersion =>
  ({
    id: `v-${from}`,
    lineage_id: to ? 'h' : null,
    network_id: 'n1',
    name: 'web-01',
    hostname: 'web-01.lan',
    description: '',
    hidden: false,
    source: { type: 'Manual' },
    virtualization: null,
    valid_from: from,
    valid_to: to,
    ...fields,
  }) as HostVersion;

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T10:00:00.000Z';
const T3 = '2026-11-22T10:00:00.000Z';

describe('host version history', () => {
  it('says what changed between consecutive versions, newest first', () => {
    const versions = [
      version(T3, null, { name: 'web-02', description: 'front' }),
      version(T1, T2),
      version(T2, T3, { hidden: true }),
    ];
    const timeline = buildTimeline(versions);
    expect(timeline.map((e) => [e.version.valid_from, e.kind, e.live])).toEqual([
      [T3, 'changed', true],
      [T2, 'changed', false],
      [T1, 'created', false],
    ]);
    expect(timeline[0].changes).toEqual([
      { field: 'name', label: 'Name', before: 'web-01', after: 'web-02' },
      { field: 'description', label: 'Description', before: '', after: 'front' },
      { field: 'hidden', label: 'Hidden', before: 'yes', after: 'no' },
    ]);
    expect(timeline[1].changes).toEqual([{ field: 'hidden', label: 'Hidden', before: 'no', after: 'yes' }]);
    expect(timeline[2].changes).toEqual([]);
  });

  it('opens the live version at now and a past one just inside its validity', () => {
    const timeline = buildTimeline([version(T2, null), version(T1, T2)]);
    expect(timeline[0].at).toBeNull();
    expect(timeline[1].at).toBe('2026-11-20T10:00:00.001Z');
    // a version shorter than a millisecond still opens inside itself
    expect(instantOf(version(T1, T1))).toBe(T1);
  });

  it('reports virtualization and source changes in words', () => {
    const before = version(T1, T2);
    const after = version(T2, null, {
      virtualization: { type: 'Vm', host_id: 'hv', details: {} },
      source: { type: 'Discovery' },
    });
    expect(changesBetween(before, after).map((c) => `${c.label}: ${c.before} -> ${c.after}`)).toEqual([
      'Source: Manual -> Discovery',
      'Virtualization: none -> Vm on hv',
    ]);
  });

  it('a host whose every version is closed was deleted when the last one closed', () => {
    expect(deletedAt([version(T2, T3), version(T1, T2)])).toBe(T3);
    expect(deletedAt([version(T2, null), version(T1, T2)])).toBeNull();
    expect(deletedAt([])).toBeNull();
  });
});
