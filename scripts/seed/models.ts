import { arista, cisco, juniper, nics, type PortGroup, paloAlto } from './names';
import { type Listener, LISTENERS } from './services';
import type { DeviceType, LldpCapability } from './types';

/** A kind of device: what it is, what it says of itself over LLDP and SNMP, its ports and what listens on it. */
export interface Model {
  device_type: DeviceType;
  vendor: string;
  model: string;
  os: string;
  /** sysDescr, as LLDP announces it and the host's description says. */
  sysDescr: string;
  /** What it announces over LLDP; absent when it runs no LLDP (its switch port learns its MAC instead). */
  capabilities?: LldpCapability[];
  /** The vendor's OUI its MACs come from (aa:bb:cc). */
  oui: string;
  /** Network gear has a chassis MAC and one per port; a host's first NIC's MAC is the host's. */
  chassis: boolean;
  ports: Record<string, PortGroup>;
  listeners: Listener[];
}

const iosXe = (
  model: string,
  ports: Record<string, PortGroup>,
  capabilities: LldpCapability[] = ['Bridge', 'Router'],
): Model => ({
  device_type: 'Switch',
  vendor: 'Cisco',
  model,
  os: 'Cisco IOS XE 17.9.4',
  sysDescr: `Cisco IOS XE Software, Version 17.9.4, ${model}`,
  capabilities,
  oui: '00:1b:54',
  chassis: true,
  ports,
  listeners: LISTENERS.switch,
});

/** Access switches (layer 2 only): 48 copper ports, 10G uplinks on the network module. */
export const ACCESS_SWITCHES = {
  c9300: iosXe('C9300-48P', { access: cisco.gigabit(48), uplink: cisco.tenGigUplinks(8, 48) }, ['Bridge']),
  c9200: iosXe('C9200-48P', { access: cisco.gigabit(48), uplink: cisco.tenGigUplinks(4, 48) }, ['Bridge']),
};

/** Distribution: a C9300X (24 SFP28 ports taking the 10G access uplinks) or, past 24 access switches, a C9407R. */
export const DISTRIBUTION_SWITCHES = {
  c9300x: iosXe('C9300X-24Y', { down: cisco.twentyFive(24), up: cisco.hundredUplinks('1/1', 2, 24) }),
  c9407r: iosXe('C9407R', { down: cisco.tenGigSlots([1, 2], 48), up: cisco.hundredUplinks('3/0', 2, 96) }),
};

/** Campus core: a C9500-32C, or a C9606R with four 24-port 100G line cards when 32 ports are too few. */
export const CORE_SWITCHES = {
  c9500: iosXe('C9500-32C', { down: cisco.hundred(32) }),
  c9606r: iosXe('C9606R', { down: cisco.hundredSlots([1, 2, 5, 6], 24) }),
};

const junos = (model: string, kind: string, device_type: DeviceType, capabilities: LldpCapability[]) => ({
  device_type,
  vendor: 'Juniper',
  model: model.toUpperCase(),
  os: 'Junos OS 22.4R3',
  sysDescr: `Juniper Networks, Inc. ${model} ${kind}, kernel JUNOS 22.4R3-S2.11`,
  capabilities,
  oui: '3c:61:04',
  chassis: true,
});

export const ROUTER: Model = {
  ...junos('mx204', 'internet router', 'Router', ['Router']),
  oui: '88:e0:f3',
  ports: { hundred: juniper.port('et', 0, 4, 100, 0), ten: juniper.port('xe', 1, 8, 10, 4) },
  listeners: LISTENERS.router,
};

export const FIREWALL: Model = {
  device_type: 'Firewall',
  vendor: 'Palo Alto Networks',
  model: 'PA-5220',
  os: 'PAN-OS 10.2.7',
  sysDescr: 'Palo Alto Networks PA-5200 series firewall',
  capabilities: ['Router'],
  oui: 'b4:0c:25',
  chassis: true,
  ports: { ten: paloAlto.ethernet(5, 16, 10), forty: paloAlto.ethernet(21, 4, 40) },
  listeners: LISTENERS.firewall,
};

const eos = (model: string, ports: Record<string, PortGroup>): Model => ({
  device_type: 'Switch',
  vendor: 'Arista',
  model,
  os: 'EOS 4.31.2F',
  sysDescr: `Arista Networks EOS version 4.31.2F running on an Arista Networks ${model}`,
  capabilities: ['Bridge', 'Router'],
  oui: '28:99:3a',
  chassis: true,
  ports,
  listeners: LISTENERS.switch,
});

/** Leaves: 48 x 25G for servers (47-48 the MLAG peer link), 8 x 100G up to the spines. */
export const LEAF = eos('DCS-7050SX3-48YC8', { down: arista.ethernet(48, 25), up: arista.qsfp(49, 8, 100) });

/** Spines: a QFX5200-32C while 32 leaves do; past that an Arista 7816R3 (16 line cards of 36 x 100G). */
export const SPINES = {
  qfx5200: {
    ...junos('qfx5200-32c-32q', 'Ethernet Switch', 'Switch', ['Bridge', 'Router']),
    model: 'QFX5200-32C',
    ports: { down: juniper.port('et', 0, 32, 100, 0) },
    listeners: LISTENERS.switch,
  } satisfies Model,
  arista7816: eos('DCS-7816R3', { down: arista.lineCards(16, 36, 100) }),
};

const linux = (os: string, kernel: string) => `${os} Linux ${kernel} x86_64`;

const UBUNTU_SERVER: Model = {
  device_type: 'Server',
  vendor: 'Dell',
  model: 'PowerEdge R650',
  os: 'Ubuntu 22.04.4 LTS',
  sysDescr: linux('Ubuntu 22.04.4 LTS', '5.15.0-105-generic #115-Ubuntu SMP'),
  capabilities: ['Station'],
  oui: '40:a6:b7',
  chassis: false,
  ports: { nic: nics.named(['ens1f0', 'ens1f1'], 25) },
  listeners: [],
};

/** Bare-metal servers, Ubuntu or RHEL (lldpd's sysDescr: distribution, kernel, machine). */
export const SERVERS: Model[] = [
  UBUNTU_SERVER,
  {
    ...UBUNTU_SERVER,
    os: 'Red Hat Enterprise Linux 9.3',
    sysDescr: linux('Red Hat Enterprise Linux 9.3 (Plow)', '5.14.0-362.8.1.el9_3.x86_64 #1 SMP PREEMPT_DYNAMIC'),
  },
];

export const HYPERVISOR: Model = {
  ...UBUNTU_SERVER,
  device_type: 'Hypervisor',
  model: 'PowerEdge R750',
  os: 'VMware ESXi 8.0.2',
  sysDescr: 'VMware ESXi 8.0.2 build-22380479',
  ports: { nic: nics.named(['vmnic0', 'vmnic1'], 25) },
  listeners: LISTENERS.hypervisor,
};

export const STORAGE: Model = {
  device_type: 'Storage',
  vendor: 'NetApp',
  model: 'AFF A400',
  os: 'ONTAP 9.13.1',
  sysDescr: 'NetApp Release 9.13.1P6',
  capabilities: ['Station'],
  oui: '00:a0:98',
  chassis: false,
  ports: { nic: nics.named(['e0e', 'e0f'], 25) },
  listeners: LISTENERS.storage,
};

const virtualMachine = (os: string): Model => ({
  device_type: 'VirtualMachine',
  vendor: 'VMware',
  model: 'VMware Virtual Platform',
  os,
  sysDescr: '',
  oui: '00:50:56',
  chassis: false,
  ports: {},
  listeners: [],
});

/** Guests of the hypervisors: no physical interface, a VMware MAC; four in five Ubuntu, the fifth RHEL. */
export const VIRTUAL_MACHINES = [
  ...Array.from({ length: 4 }, () => virtualMachine('Ubuntu 22.04.4 LTS')),
  virtualMachine('Red Hat Enterprise Linux 9.3'),
];
