import type { Model } from './models';
import { nics } from './names';
import { LISTENERS } from './services';

/**
 * What plugs into a campus access port. Phones and access points run LLDP (so both ends name each
 * other); workstations, printers, cameras and IoT devices do not: their switch port learns their MAC.
 */
const endpoint = (fields: Omit<Model, 'chassis' | 'ports'>, nic = 'eth0'): Model => ({
  ...fields,
  chassis: false,
  ports: { nic: nics.named([nic], 1) },
});

const WORKSTATIONS: Model[] = [
  endpoint({
    device_type: 'Workstation',
    vendor: 'Dell',
    model: 'OptiPlex 7010',
    os: 'Windows 11 Enterprise 23H2',
    sysDescr: '',
    oui: 'f4:ee:08',
    listeners: LISTENERS.windows,
  }),
  endpoint({
    device_type: 'Workstation',
    vendor: 'HP',
    model: 'EliteDesk 800 G9',
    os: 'Windows 11 Enterprise 23H2',
    sysDescr: '',
    oui: 'a0:48:1c',
    listeners: LISTENERS.windows,
  }),
  endpoint(
    {
      device_type: 'Workstation',
      vendor: 'Apple',
      model: 'Mac mini (2023)',
      os: 'macOS 14.4 Sonoma',
      sysDescr: '',
      oui: 'f0:18:98',
      listeners: LISTENERS.mac,
    },
    'en0',
  ),
];

const PHONE = endpoint(
  {
    device_type: 'Phone',
    vendor: 'Cisco',
    model: 'CP-8845',
    os: 'sip88xx 14.2.1',
    sysDescr: 'Cisco IP Phone CP-8845, V3, sip88xx.14-2-1-0101-40',
    capabilities: ['Telephone', 'Bridge'],
    oui: '7c:0e:ce',
    listeners: LISTENERS.phone,
  },
  'Port 1',
);

const PRINTER = endpoint({
  device_type: 'Printer',
  vendor: 'HP',
  model: 'LaserJet Enterprise M611',
  os: 'HP FutureSmart 5.6',
  sysDescr: 'HP ETHERNET MULTI-ENVIRONMENT,ROM none,JETDIRECT,JD153,EEPROM 2505251_584331',
  oui: '3c:d9:2b',
  listeners: LISTENERS.printer,
});

const ACCESS_POINT = endpoint(
  {
    device_type: 'AccessPoint',
    vendor: 'Cisco',
    model: 'C9120AXI-E',
    os: 'Cisco AP Software 17.9.4.27',
    sysDescr: 'Cisco AP Software, ap1g7-k9w8 Version: 17.9.4.27',
    capabilities: ['WlanAccessPoint'],
    oui: 'b0:aa:77',
    listeners: LISTENERS.accessPoint,
  },
  'GigabitEthernet0',
);

const CAMERA = endpoint({
  device_type: 'Camera',
  vendor: 'Axis',
  model: 'P3265-LVE',
  os: 'AXIS OS 11.8.64',
  sysDescr: 'AXIS P3265-LVE Dome Camera 11.8.64',
  oui: 'ac:cc:8e',
  listeners: LISTENERS.camera,
});

const IOT = endpoint({
  device_type: 'IoT',
  vendor: 'Crestron',
  model: 'TSW-1070',
  os: 'Crestron TSW 3.002',
  sysDescr: '',
  oui: '00:10:7f',
  listeners: LISTENERS.iot,
});

/**
 * The roles of a floor, each its own VLAN and subnet, with their share of an access switch's 44 endpoint
 * ports (of 48: four stay free). `kind` names the hosts: bldg-a-fl2-ws001.
 */
export const FLOOR_ROLES = [
  { role: 'users', kind: 'ws', ports: 20, models: WORKSTATIONS },
  { role: 'voice', kind: 'phone', ports: 16, models: [PHONE] },
  { role: 'printers', kind: 'prn', ports: 2, models: [PRINTER] },
  { role: 'wireless', kind: 'ap', ports: 3, models: [ACCESS_POINT] },
  { role: 'cameras', kind: 'cam', ports: 2, models: [CAMERA] },
  { role: 'iot', kind: 'iot', ports: 1, models: [IOT] },
] as const;
export const ENDPOINT_PORTS = FLOOR_ROLES.reduce((sum, r) => sum + r.ports, 0);

/**
 * How many endpoints of each role `count` endpoint ports hold: each role's share of the 44 (largest
 * remainder), so a half-full switch still has its printer and access point.
 */
export function roleCounts(count: number): number[] {
  const exact = FLOOR_ROLES.map((r) => (count * r.ports) / ENDPOINT_PORTS);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = count - counts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) counts[byRemainder[k][1]]++;
  return counts;
}
