import { describe, expect, it } from 'vitest';
import { learntBy, pathHighlight } from './path';

describe('pathHighlight', () => {
  it('marks the hosts, their ports on the path and the links; nothing without a path', () => {
    expect(
      pathHighlight({
        found: true,
        hops: [
          {
            host_id: 'a',
            label: 'a',
            device_type: 'Server',
            in: null,
            out: { interface_id: 'a1', name: 'eth0', speed_bps: 0 },
          },
          { host_id: 'b', label: 'b', device_type: 'Switch', in: { interface_id: 'b1', name: 'ge-1' }, out: null },
        ],
        links: [{ id: 'link:a1:b1', provenance: 'lldp', speed_bps: 0 }],
      }),
    ).toEqual({ a: 'path', a1: 'path', b: 'path', b1: 'path', 'link:a1:b1': 'path' });
    expect(pathHighlight({ found: false, reason: 'no links' })).toBeUndefined();
    expect(pathHighlight(undefined)).toBeUndefined();
  });
});

describe('learntBy', () => {
  it('says how a link was learnt in a few words', () => {
    expect(learntBy('lldp')).toBe('learnt by LLDP');
    expect(learntBy('manual')).toBe('drawn by hand');
    expect(learntBy('isis')).toBe('learnt by isis');
  });
});
