import { bySubnet, summarise, type L2Rows } from './l2-summary';

const host = (id: string, device_type = 'Workstation') => ({ id, name: id.toUpperCase(), device_type });
const port = (id: string, hostId: string, neighbour?: [string, string]) => ({
  id,
  host_id: hostId,
  neighbor_interface: neighbour?.[0] ?? null,
  neighbor_host: neighbour?.[1] ?? null,
});

/**
 * A switch s with ports s1..s3; pc1 and pc2 on it (pc1 named from both ends), a hub (untyped, three links:
 * s, pc3, pc4) and a printer whose neighbour names a port that is not there; lone has no link.
 */
const rows: L2Rows = {
  hosts: [
    host('s', 'Switch'),
    host('pc1'),
    host('pc2'),
    host('hub', 'Unknown'),
    host('pc3'),
    host('pc4'),
    host('printer'),
    host('lone'),
  ],
  interfaces: [
    port('s1', 's', ['pc1-0', 'pc1']),
    port('s2', 's'),
    port('s3', 's', ['hub-0', 'hub']),
    port('pc1-0', 'pc1', ['s1', 's']),
    port('pc2-0', 'pc2', ['s2', 's']),
    port('hub-0', 'hub'),
    port('hub-1', 'hub'),
    port('hub-2', 'hub'),
    port('pc3-0', 'pc3', ['hub-1', 'hub']),
    port('pc4-0', 'pc4', ['hub-2', 'hub']),
    port('printer-0', 'printer', ['gone', 's']),
  ],
};

describe('summarise', () => {
  const { summary, unlinked } = summarise(rows);

  it('reads infrastructure whole: a switch, and an untyped host with three links', () => {
    expect(summary.whole.map((h) => [h.id, h.degree, h.linked])).toEqual([
      ['s', 3, ['hub']],
      ['hub', 3, ['s']],
    ]);
    expect(summary.nodeCount).toBe(8 + 11);
  });

  it('counts endpoints by the hosts they link to, a link named from both ends once, per far interface', () => {
    expect(summary.endpoints.map((b) => [b.linked, b.members, b.sample, b.edges])).toEqual([
      [
        ['s'],
        ['pc1', 'pc2'],
        [
          { rank: 1, label: 'PC1' },
          { rank: 2, label: 'PC2' },
        ],
        [
          { interface_id: 's1', host_id: 's', count: 1 },
          { interface_id: 's2', host_id: 's', count: 1 },
        ],
      ],
      [['hub'], ['pc3', 'pc4'], expect.any(Array), expect.any(Array)],
    ]);
  });

  it('lists hosts linked to nothing (a neighbour that is not there is no link), then counts them by first subnet', () => {
    expect(unlinked).toEqual([
      { id: 'printer', name: 'PRINTER', rank: 6 },
      { id: 'lone', name: 'LONE', rank: 7 },
    ]);
    const buckets = bySubnet(unlinked, new Map([['printer', 'net-a']]));
    expect(buckets.map((b) => [b.subnet_id, b.members])).toEqual([
      ['net-a', ['printer']],
      [null, ['lone']],
    ]);
  });
});
