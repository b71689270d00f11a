import { macBytes, rows } from '../../../../test/support/snmp-rows';
import { arpEntries, cdpCapabilities, fdbEntries, lldpCapabilities } from './snmp-l2-tables';

describe('ARP tables of routers and L3 switches', () => {
  it('reads ipNetToPhysicalTable (v4 and v6), skipping invalid entries', () => {
    const physical = rows({
      '4.1.4.10.0.0.11': { 4: macBytes('02:00:00:00:0b:01'), 6: 3 },
      '4.1.4.10.0.0.12': { 4: macBytes('02:00:00:00:0b:02'), 6: 2 },
      '4.2.16.254.128.0.0.0.0.0.0.0.0.0.0.0.0.0.1': { 4: macBytes('02:00:00:00:0b:03'), 6: 3 },
    });
    expect(arpEntries(physical, rows({}))).toEqual([
      { if_index: 4, ip_address: '10.0.0.11', mac_address: '02:00:00:00:0b:01' },
      { if_index: 4, ip_address: 'fe80::1', mac_address: '02:00:00:00:0b:03' },
    ]);
  });

  it('falls back to ipNetToMediaTable', () => {
    const media = rows({ '7.192.168.1.20': { 2: macBytes('00:11:22:33:44:55'), 4: 3 } });
    expect(arpEntries(rows({}), media)).toEqual([
      { if_index: 7, ip_address: '192.168.1.20', mac_address: '00:11:22:33:44:55' },
    ]);
  });
});

describe('bridge forwarding tables', () => {
  const basePorts = rows({ 1: { 2: 5 }, 2: { 2: 6 }, 3: { 2: 7 } });

  it('turns bridge ports into ifIndexes; learnt MACs only, once per port', () => {
    const tpFdb = rows({
      '2.0.0.0.12.1': { 2: 1, 3: 3 },
      '2.0.0.0.10.1': { 2: 1, 3: 4 },
      '2.0.0.0.12.3': { 2: 3, 3: 3 },
    });
    const qFdb = rows({ '10.2.0.0.0.12.1': { 2: 1, 3: 3 }, '20.2.0.0.0.12.9': { 2: 2, 3: 3 } });
    expect(fdbEntries(basePorts, tpFdb, qFdb)).toEqual([
      { if_index: 5, mac_address: '02:00:00:00:0c:01' },
      { if_index: 7, mac_address: '02:00:00:00:0c:03' },
      { if_index: 6, mac_address: '02:00:00:00:0c:09' },
    ]);
  });

  it('drops entries whose bridge port has no interface', () => {
    expect(fdbEntries(basePorts, rows({ '2.0.0.0.12.1': { 2: 9, 3: 3 } }), rows({}))).toEqual([]);
  });
});

describe('neighbour capabilities', () => {
  it('reads LLDP capability bits (bit 0 is the high bit)', () => {
    expect(lldpCapabilities(Buffer.from([0x20, 0x00]))).toEqual(['Bridge']);
    expect(lldpCapabilities(Buffer.from([0x28]))).toEqual(['Bridge', 'Router']);
    expect(lldpCapabilities(Buffer.from([0x01]))).toEqual(['Station']);
    expect(lldpCapabilities(Buffer.alloc(0))).toBeUndefined();
  });

  it('reads the CDP capability mask', () => {
    expect(cdpCapabilities(Buffer.from([0, 0, 0, 0x29]))).toEqual(['Router', 'Bridge']);
    expect(cdpCapabilities(Buffer.from([0, 0, 0, 0x10]))).toEqual(['Station']);
  });
});
