import type { DeviceType } from './identity';

/**
 * What a system description (SNMP sysDescr, or the LLDP system description a neighbour reports) says about
 * the device. `os` and `model` may name capture groups as $1, $2. Formats as the vendors print them (Cisco,
 * Arista, Juniper, Fortinet, Palo Alto, MikroTik, HPE Aruba, VMware, Microsoft, net-snmp on Linux).
 */
export interface DescriptionRule {
  pattern: RegExp;
  vendor?: string;
  os?: string;
  model?: string;
  type?: DeviceType;
}

export const DESCRIPTION_RULES: DescriptionRule[] = [
  { pattern: /Cisco Adaptive Security Appliance Version ([\w.()]+)/i, vendor: 'Cisco', os: 'ASA $1', type: 'Firewall' },
  { pattern: /Cisco NX-OS.*?Version ([\w.()]+)/is, vendor: 'Cisco', os: 'NX-OS $1', type: 'Switch' },
  {
    pattern: /Cisco IOS[ -]XE Software.*?Version ([\w.()]+)(?:, (C\d[\w-]+))?/is,
    vendor: 'Cisco',
    os: 'IOS XE $1',
    model: '$2',
  },
  { pattern: /Cisco AP Software,.*?Version:? ([\w.]+)/i, vendor: 'Cisco', os: 'AP Software $1', type: 'AccessPoint' },
  { pattern: /Cisco IOS XR Software.*?Version ([\w.()]+)/is, vendor: 'Cisco', os: 'IOS XR $1', type: 'Router' },
  { pattern: /Cisco IOS Software.*?Version ([\w.()]+)/is, vendor: 'Cisco', os: 'IOS $1' },
  { pattern: /Cisco AireOS|Cisco Wireless LAN Controller/i, vendor: 'Cisco', os: 'AireOS' },
  {
    pattern: /Arista Networks EOS version ([\w.-]+) running on an Arista Networks (\S+)/i,
    vendor: 'Arista',
    os: 'EOS $1',
    model: '$2',
    type: 'Switch',
  },
  { pattern: /Arista Networks EOS version ([\w.-]+)/i, vendor: 'Arista', os: 'EOS $1', type: 'Switch' },
  {
    pattern: /Juniper Networks, Inc\. (srx\S*) .*?JUNOS ([\w.-]+)/is,
    vendor: 'Juniper',
    os: 'Junos $2',
    model: '$1',
    type: 'Firewall',
  },
  {
    pattern: /Juniper Networks, Inc\. ((?:mx|ptx|acx)\S*) .*?JUNOS ([\w.-]+)/is,
    vendor: 'Juniper',
    os: 'Junos $2',
    model: '$1',
    type: 'Router',
  },
  {
    pattern: /Juniper Networks, Inc\. ((?:ex|qfx)\S*) .*?JUNOS ([\w.-]+)/is,
    vendor: 'Juniper',
    os: 'Junos $2',
    model: '$1',
    type: 'Switch',
  },
  { pattern: /Juniper Networks.*?JUNOS ([\w.-]+)/is, vendor: 'Juniper', os: 'Junos $1' },
  { pattern: /FortiGate|FortiOS/i, vendor: 'Fortinet', os: 'FortiOS', type: 'Firewall' },
  {
    pattern: /Palo Alto Networks (PA-\w+)/i,
    vendor: 'Palo Alto Networks',
    os: 'PAN-OS',
    model: '$1',
    type: 'Firewall',
  },
  { pattern: /RouterOS (\S+)/i, vendor: 'MikroTik', os: 'RouterOS', model: '$1', type: 'Router' },
  { pattern: /Aruba(?:OS)?-?CX.*?(\d+\.\d+\.\d+)/i, vendor: 'HPE Aruba', os: 'AOS-CX $1', type: 'Switch' },
  { pattern: /ArubaOS.*?Version ([\w.-]+)/i, vendor: 'HPE Aruba', os: 'ArubaOS $1' },
  { pattern: /ProCurve|HPE? .*Switch/i, vendor: 'HPE Aruba', type: 'Switch' },
  { pattern: /VMware ESXi ([\d.]+)/i, vendor: 'VMware', os: 'ESXi $1', type: 'Hypervisor' },
  { pattern: /pfSense/i, os: 'pfSense', type: 'Firewall' },
  { pattern: /OPNsense/i, os: 'OPNsense', type: 'Firewall' },
  { pattern: /Synology|DSM \d/i, vendor: 'Synology', os: 'DSM', type: 'Storage' },
  { pattern: /NetApp Release ([\w.]+)/i, vendor: 'NetApp', os: 'ONTAP $1', type: 'Storage' },
  { pattern: /HP ETHERNET MULTI-ENVIRONMENT|LaserJet/i, vendor: 'HP', type: 'Printer' },
  { pattern: /Hardware: .* Software: Windows Version ([\d.]+)/i, vendor: 'Microsoft', os: 'Windows $1' },
  { pattern: /^Linux \S+ (\d+\.\d+[\w.-]*)/i, os: 'Linux $1' },
  // lldpd on Linux: distribution, then the kernel
  {
    pattern: /^((?:Ubuntu|Debian GNU\/Linux|Red Hat Enterprise Linux|Rocky Linux|AlmaLinux) [\d.]+(?: LTS)?)/i,
    os: '$1',
  },
  { pattern: /^AXIS (\S+) .*?([\d.]+)$/i, vendor: 'Axis', os: 'AXIS OS $2', model: '$1', type: 'Camera' },
  { pattern: /^FreeBSD \S+ ([\w.-]+)/i, os: 'FreeBSD $1' },
];

/**
 * LLDP (IEEE 802.1AB) and CDP capabilities a neighbour announces, strongest first: a device that routes
 * and bridges is drawn as a switch (a layer-3 switch); a station is an end host of unknown kind.
 */
export const CAPABILITY_TYPES: [capability: string, type: DeviceType][] = [
  ['WlanAccessPoint', 'AccessPoint'],
  ['Telephone', 'Phone'],
  ['Bridge', 'Switch'],
  ['Router', 'Router'],
];

/** Services that say what a host is (the catalogue's names, discovery/domain/service-catalogue.ts). */
export const SERVICE_TYPES: [definition: string, type: DeviceType][] = [
  ['Printer', 'Printer'],
  ['Ipp', 'Printer'],
  ['Sip', 'Phone'],
  ['Rtsp', 'Camera'],
  ['Proxmox', 'Hypervisor'],
  ['OpnSense', 'Firewall'],
  ['PfSense', 'Firewall'],
  ['Synology', 'Storage'],
  ['TrueNas', 'Storage'],
  ['Nfs', 'Storage'],
  ['Iscsi', 'Storage'],
  ['Unifi', 'Server'],
];

/** Services of a server: a host answering any of these (and not more specific) is a server. */
export const SERVER_SERVICES = new Set([
  'Nginx',
  'Apache',
  'Caddy',
  'Iis',
  'Lighttpd',
  'Http',
  'Https',
  'Postgres',
  'MySql',
  'MsSql',
  'Oracle',
  'MongoDb',
  'Redis',
  'Memcached',
  'Cassandra',
  'Kafka',
  'Zookeeper',
  'Etcd',
  'Elasticsearch',
  'Ldap',
  'Kerberos',
  'Smtp',
  'Imap',
  'Pop3',
  'Dns',
  'Ntp',
  'Prometheus',
  'Grafana',
  'Jenkins',
  'GitLab',
  'Gitea',
  'Kubernetes',
  'Docker',
  'Vault',
  'Consul',
  'RabbitMqManagement',
  'Amqp',
  'Nats',
  'Syslog',
  'Ftp',
]);

/** Services of a desktop: remote desktop or file sharing alone, without any server service. */
export const WORKSTATION_SERVICES = new Set(['Rdp', 'Vnc', 'Smb']);

/** IoT protocols: a host speaking only these (and ssh) is an IoT device. */
export const IOT_SERVICES = new Set(['Mqtt', 'HomeAssistant']);

/**
 * Short vendor names for the organisations in the IEEE OUI registry and in system descriptions, and the
 * kind of device a vendor makes when it makes only one kind (cameras, phones, printers).
 */
export const VENDORS: { pattern: RegExp; name: string; type?: DeviceType }[] = [
  { pattern: /^Cisco/i, name: 'Cisco' },
  { pattern: /^Juniper/i, name: 'Juniper' },
  { pattern: /^Arista/i, name: 'Arista' },
  { pattern: /^(Aruba|Hewlett Packard Enterprise)/i, name: 'HPE Aruba' },
  { pattern: /^(Hewlett[- ]Packard|HP Inc)/i, name: 'HP' },
  { pattern: /^Dell/i, name: 'Dell' },
  { pattern: /^(Super Micro|Supermicro)/i, name: 'Supermicro' },
  { pattern: /^Lenovo/i, name: 'Lenovo' },
  { pattern: /^Apple/i, name: 'Apple' },
  { pattern: /^Intel/i, name: 'Intel' },
  { pattern: /^Fortinet/i, name: 'Fortinet' },
  { pattern: /^Palo Alto/i, name: 'Palo Alto Networks' },
  { pattern: /^Ubiquiti/i, name: 'Ubiquiti' },
  { pattern: /^Routerboard|^MikroTik/i, name: 'MikroTik' },
  { pattern: /^VMware/i, name: 'VMware' },
  { pattern: /^Microsoft/i, name: 'Microsoft' },
  { pattern: /^(Raspberry Pi)/i, name: 'Raspberry Pi', type: 'IoT' },
  { pattern: /^Espressif/i, name: 'Espressif', type: 'IoT' },
  { pattern: /^Axis Communications/i, name: 'Axis', type: 'Camera' },
  { pattern: /Hikvision/i, name: 'Hikvision', type: 'Camera' },
  { pattern: /^Yealink/i, name: 'Yealink', type: 'Phone' },
  { pattern: /^Polycom/i, name: 'Polycom', type: 'Phone' },
  { pattern: /^Avaya/i, name: 'Avaya' },
  { pattern: /^(Brother Industries)/i, name: 'Brother', type: 'Printer' },
  { pattern: /^Lexmark/i, name: 'Lexmark', type: 'Printer' },
  { pattern: /^Xerox/i, name: 'Xerox', type: 'Printer' },
  { pattern: /^Kyocera/i, name: 'Kyocera', type: 'Printer' },
  { pattern: /^Seiko Epson/i, name: 'Epson', type: 'Printer' },
  { pattern: /^Synology/i, name: 'Synology', type: 'Storage' },
  { pattern: /^NetApp/i, name: 'NetApp', type: 'Storage' },
];

/** Common naming conventions, the weakest evidence: `core-sw1`, `rtr-edge`, `fw01`, `ap-3f-12`. */
export const NAME_TYPES: [pattern: RegExp, type: DeviceType][] = [
  [/(^|[-_.])(fw|firewall)\d*([-_.]|$)/i, 'Firewall'],
  [/(^|[-_.])(rtr|router|gw)\d*([-_.]|$)/i, 'Router'],
  [/(^|[-_.])(sw|switch|leaf|spine|core|dist|access)\d*([-_.]|$)/i, 'Switch'],
  [/(^|[-_.])(ap|wap)\d*([-_.]|$)/i, 'AccessPoint'],
  [/(^|[-_.])(esx|esxi|hv|pve|kvm|hyperv)\d*([-_.]|$)/i, 'Hypervisor'],
  [/(^|[-_.])(prn|printer)\d*([-_.]|$)/i, 'Printer'],
  [/(^|[-_.])(cam|camera)\d*([-_.]|$)/i, 'Camera'],
  [/(^|[-_.])(phone|voip|sep[0-9a-f]{12})([-_.]|$)/i, 'Phone'],
  [/(^|[-_.])(nas|san|storage)\d*([-_.]|$)/i, 'Storage'],
];
