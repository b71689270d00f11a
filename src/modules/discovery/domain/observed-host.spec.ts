import { observedHost } from './observed-host';
import type { SnmpFacts } from './snmp';

const inLab = (ip: string) => ip.startsWith('10.0.');

describe('observedHost', () => {
  it('gives each open port a service, with how discovery knew it; a definition seen again is named with its port', () => {
    const host = observedHost(
      {
        address: '10.0.0.5',
        open: [
          { port: 8080, service_definition: 'Http', evidence: 'port 8080 only' },
          {
            port: 22,
            service_definition: 'Ssh',
            product: 'OpenSSH',
            version: '9.6',
            evidence: 'banner SSH-2.0-OpenSSH_9.6',
          },
          { port: 80, service_definition: 'Http', product: 'SimpleHTTPServer', evidence: 'Server: SimpleHTTP/0.6' },
        ],
        hostname: 'web.lab',
      },
      inLab,
    );
    expect(host).toEqual({
      hostname: 'web.lab',
      ip_addresses: [{ ip_address: '10.0.0.5' }],
      ports: [
        { number: 22, protocol: 'Tcp', type: 'Ssh' },
        { number: 80, protocol: 'Tcp', type: 'Http' },
        { number: 8080, protocol: 'Tcp', type: 'Http' },
      ],
      services: [
        {
          name: 'Ssh',
          service_definition: 'Ssh',
          port: 22,
          protocol: 'Tcp',
          source_metadata: { product: 'OpenSSH', version: '9.6', evidence: 'banner SSH-2.0-OpenSSH_9.6' },
        },
        {
          name: 'Http',
          service_definition: 'Http',
          port: 80,
          protocol: 'Tcp',
          source_metadata: { product: 'SimpleHTTPServer', evidence: 'Server: SimpleHTTP/0.6' },
        },
        {
          name: 'Http :8080',
          service_definition: 'Http',
          port: 8080,
          protocol: 'Tcp',
          source_metadata: { evidence: 'port 8080 only' },
        },
      ],
    });
  });

  it('adds SNMP: its port and service, interfaces with statuses the inventory knows, addresses in the network', () => {
    const snmp: SnmpFacts = {
      sys_name: 'sw1',
      sys_descr: 'Cisco IOS\nTechnical Support: http://www.cisco.com',
      interfaces: [
        { if_index: 1, if_name: 'Gi0/1', admin_status: 'Up', oper_status: 'Dormant' },
        { if_index: 2, if_name: 'Gi0/2', admin_status: 'Down', oper_status: 'LowerLayerDown' },
      ],
      addresses: [
        { ip_address: '10.0.0.1', if_index: 1 },
        { ip_address: '10.0.9.1', if_index: 2 },
        { ip_address: '192.168.7.1', if_index: 2 },
      ],
      arp: [],
    };
    const host = observedHost(
      { address: '10.0.0.1', open: [], snmp, mac: '00:00:0c:00:00:01', vendor: 'Cisco Systems, Inc' },
      inLab,
    );
    expect(host).toMatchObject({
      name: 'sw1',
      mac: '00:00:0c:00:00:01',
      description: 'Cisco IOS (Cisco Systems, Inc)',
      ip_addresses: [{ ip_address: '10.0.0.1', mac_address: '00:00:0c:00:00:01' }, { ip_address: '10.0.9.1' }],
      ports: [{ number: 161, protocol: 'Udp', type: 'Snmp' }],
      services: [
        {
          name: 'Snmp',
          service_definition: 'Snmp',
          port: 161,
          protocol: 'Udp',
          source_metadata: { evidence: 'answered SNMP' },
        },
      ],
      interfaces: [
        { if_index: 1, admin_status: 'Up', oper_status: 'Unknown' },
        { if_index: 2, admin_status: 'Down', oper_status: 'Unknown' },
      ],
    });
  });

  it('keeps names and interface texts within the API limits', () => {
    const long = 'x'.repeat(5000);
    const snmp: SnmpFacts = {
      sys_name: long,
      sys_descr: long,
      interfaces: [{ if_index: 1, if_name: long, if_descr: long, lldp_sys_desc: long }],
      addresses: [],
      arp: [],
    };
    const host = observedHost({ address: '10.0.0.2', open: [], snmp, hostname: long }, inLab);
    expect([host.name, host.hostname, host.description].map((t) => t?.length)).toEqual([255, 255, 4096]);
    const banner = observedHost(
      { address: '10.0.0.2', open: [{ port: 22, service_definition: 'Ssh', product: long, evidence: long }] },
      inLab,
    ).services![0].source_metadata;
    expect(banner).toEqual({ product: 'x'.repeat(255), evidence: 'x'.repeat(255) });
    expect(host.interfaces).toEqual([
      { if_index: 1, if_name: 'x'.repeat(255), if_descr: 'x'.repeat(4096), lldp_sys_desc: 'x'.repeat(4096) },
    ]);
  });

  it('sends no interfaces without SNMP, so a TCP-only run leaves them as they are', () => {
    expect(observedHost({ address: '10.0.0.7', open: [] }, inLab)).not.toHaveProperty('interfaces');
  });
});
