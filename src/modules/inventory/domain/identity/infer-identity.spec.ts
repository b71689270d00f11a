import { type IdentityEvidence, inferIdentity } from './infer-identity';
import { settleIdentity } from './identity';

const nothing: IdentityEvidence = {
  names: [],
  description: '',
  virtualization: null,
  macs: [],
  serviceDefinitions: [],
  announced: { capabilities: [], descriptions: [] },
  linkedInterfaces: 0,
};
const vendors: Record<string, string> = { '00:1b:54': 'Cisco Systems, Inc', 'b8:27:eb': 'Raspberry Pi Foundation' };
const vendorOf = (mac: string) => vendors[mac.slice(0, 8)];
const infer = (evidence: Partial<IdentityEvidence>) => inferIdentity({ ...nothing, ...evidence }, vendorOf);
const typeOf = (evidence: Partial<IdentityEvidence>) => infer(evidence).device_type?.value;

describe('inferIdentity', () => {
  it('guesses nothing from nothing', () => {
    expect(infer({})).toEqual({});
  });

  it('reads vendor, OS and model out of system descriptions as the vendors print them', () => {
    expect(
      infer({ description: 'Juniper Networks, Inc. qfx5120-48y-8c Ethernet Switch, kernel JUNOS 22.4R3-S2.11' }),
    ).toMatchObject({
      vendor: { value: 'Juniper' },
      os: { value: 'Junos 22.4R3-S2.11' },
      model: { value: 'qfx5120-48y-8c' },
      device_type: { value: 'Switch' },
    });
    expect(
      infer({ description: 'Linux web-1 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 x86_64' }),
    ).toMatchObject({
      os: { value: 'Linux 6.1.0-18-amd64' },
    });
    expect(infer({ description: 'Cisco Adaptive Security Appliance Version 9.16(4)' })).toMatchObject({
      os: { value: 'ASA 9.16(4)' },
      device_type: { value: 'Firewall' },
    });
  });

  it('ranks evidence: a system description over LLDP capabilities over services over topology, MAC vendor and names', () => {
    expect(typeOf({ names: ['core-sw1'] })).toBe('Switch');
    expect(typeOf({ names: ['core-sw1'], macs: ['b8:27:eb:00:00:01'] })).toBe('IoT');
    expect(typeOf({ macs: ['b8:27:eb:00:00:01'], linkedInterfaces: 4 })).toBe('Switch');
    expect(typeOf({ linkedInterfaces: 4, serviceDefinitions: ['Printer'] })).toBe('Printer');
    expect(typeOf({ serviceDefinitions: ['Printer'], announced: { capabilities: ['Router'], descriptions: [] } })).toBe(
      'Router',
    );
    expect(
      typeOf({
        announced: { capabilities: ['Router'], descriptions: ['FortiGate-100F v7.2.8'] },
      }),
    ).toBe('Firewall');
    expect(typeOf({ virtualization: 'Vm', description: 'VMware ESXi 8.0.2 build-22380479' })).toBe('VirtualMachine');
  });

  it('tells servers, desktops and IoT apart by the services they answer', () => {
    expect(typeOf({ serviceDefinitions: ['Ssh', 'Postgres'] })).toBe('Server');
    expect(typeOf({ serviceDefinitions: ['Rdp', 'Smb'] })).toBe('Workstation');
    expect(typeOf({ serviceDefinitions: ['Ssh', 'Mqtt'] })).toBe('IoT');
    expect(typeOf({ serviceDefinitions: ['Ssh'] })).toBeUndefined();
  });

  it('names the evidence of every source that agrees, and the registrant of the MAC', () => {
    const guess = infer({
      names: ['access-sw3'],
      macs: ['00:1b:54:aa:bb:cc'],
      announced: { capabilities: ['Bridge'], descriptions: [] },
      linkedInterfaces: 5,
    });
    expect(guess.device_type?.evidence).toEqual([
      'LLDP/CDP: a neighbour reports capabilities Bridge',
      '5 interfaces lead to other hosts',
      'name access-sw3',
    ]);
    expect(guess.vendor).toEqual({
      value: 'Cisco',
      source: 'Inferred',
      evidence: ['MAC 00:1b:54 registered to Cisco Systems, Inc'],
    });
  });

  it('is deterministic', () => {
    const evidence = { names: ['ap-1'], serviceDefinitions: ['Sip', 'Http'], macs: ['00:1b:54:00:00:01'] };
    expect(infer(evidence)).toEqual(infer(evidence));
  });
});

describe('settleIdentity', () => {
  const claim = (value: string, source: 'Manual' | 'Discovery' | 'Inferred') => ({ value, source, evidence: [] });
  it('keeps the higher source and lets the same source replace itself', () => {
    const current = { device_type: claim('Firewall', 'Manual'), model: claim('ISR4431', 'Discovery') };
    expect(
      settleIdentity(current, { device_type: claim('Router', 'Discovery'), model: claim('ISR4451', 'Discovery') }),
    ).toEqual({ device_type: claim('Firewall', 'Manual'), model: claim('ISR4451', 'Discovery') });
    expect(settleIdentity(current, { model: claim('ISR', 'Inferred'), os: claim('IOS', 'Inferred') })).toEqual({
      ...current,
      os: claim('IOS', 'Inferred'),
    });
  });
});

describe('system descriptions as the seeded and real gear print them', () => {
  it.each([
    ['Cisco IOS XE Software, Version 17.9.4, C9300-48P', { vendor: 'Cisco', os: 'IOS XE 17.9.4', model: 'C9300-48P' }],
    ['Cisco AP Software, ap1g7-k9w8 Version: 17.9.4.27', { vendor: 'Cisco', os: 'AP Software 17.9.4.27' }],
    ['Ubuntu 22.04.4 LTS Linux 5.15.0-105-generic #115-Ubuntu SMP x86_64', { os: 'Ubuntu 22.04.4 LTS' }],
    ['AXIS P3265-LVE Dome Camera 11.8.64', { vendor: 'Axis', os: 'AXIS OS 11.8.64', model: 'P3265-LVE' }],
  ])('%s', (description, expected) => {
    const guess = infer({ description });
    expect(Object.fromEntries(Object.entries(guess).map(([k, v]) => [k, v.value]))).toMatchObject(expected);
  });

  it('counts one name, not its hostname again', () => {
    expect(infer({ names: ['ap-3f-12', 'ap-3f-12.hq.example.com'] }).device_type?.evidence).toEqual(['name ap-3f-12']);
  });
});
