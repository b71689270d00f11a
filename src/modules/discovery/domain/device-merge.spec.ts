import { mergeDevices } from './device-merge';
import type { FoundHost } from './observed-host';
import type { SnmpFacts } from './snmp';

const router = (addresses: string[]): SnmpFacts => ({
  sys_name: 'gw',
  sys_descr: 'RouterOS',
  interfaces: [],
  addresses: addresses.map((ip_address, i) => ({ ip_address, if_index: i + 1 })),
  arp: [],
});

describe('mergeDevices', () => {
  it('folds the addresses a device lists as its own into one host, with their MACs and open ports', () => {
    const found: FoundHost[] = [
      {
        address: '10.0.0.1',
        open: [{ port: 22, service_definition: 'Ssh', evidence: 'banner SSH-2.0-OpenSSH_9.6' }],
        snmp: router(['10.0.0.1', '10.0.1.1']),
      },
      { address: '10.0.0.7', open: [{ port: 80, service_definition: 'Http', evidence: 'HTTP 200' }] },
      {
        address: '10.0.1.1',
        open: [
          { port: 22, service_definition: 'Ssh', evidence: 'banner SSH-2.0-OpenSSH_9.6' },
          { port: 443, service_definition: 'Https', evidence: 'HTTP 200, TLS subject CN=gw' },
        ],
        snmp: router(['10.0.0.1', '10.0.1.1']),
        mac: 'aa:bb:cc:00:00:02',
        hostname: 'gw-lan2.lab',
      },
    ];
    const merged = mergeDevices(found);
    expect(merged.map((h) => h.address)).toEqual(['10.0.0.1', '10.0.0.7']);
    expect(merged[0]).toMatchObject({
      open: [
        { port: 22, service_definition: 'Ssh' },
        { port: 443, service_definition: 'Https' },
      ],
      hostname: 'gw-lan2.lab',
      also: [{ address: '10.0.1.1', mac: 'aa:bb:cc:00:00:02' }],
    });
    expect(merged[1]).toBe(found[1]);
  });

  it('leaves hosts alone when no SNMP ties them together', () => {
    const found: FoundHost[] = [
      { address: '10.0.0.1', open: [] },
      { address: '10.0.0.2', open: [], snmp: router(['10.0.0.2', '10.0.9.9']) },
    ];
    expect(mergeDevices(found)).toEqual(found);
  });
});
