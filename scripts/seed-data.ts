/** Deterministic demo inventory: servers behind access switches, with services and LLDP links. */

const SERVICES = [
  { port: 22, type: 'Ssh', name: 'ssh', definition: 'Ssh' },
  { port: 80, type: 'Http', name: 'nginx', definition: 'Nginx' },
  { port: 443, type: 'Https', name: 'https', definition: 'Https' },
  { port: 5432, type: 'Custom', name: 'postgres', definition: 'Postgres' },
  { port: 6379, type: 'Custom', name: 'redis', definition: 'Redis' },
  { port: 3306, type: 'Custom', name: 'mysql', definition: 'MySql' },
  { port: 9090, type: 'Custom', name: 'prometheus', definition: 'Prometheus' },
  { port: 3000, type: 'Http', name: 'grafana', definition: 'Grafana' },
  { port: 8123, type: 'Http', name: 'home-assistant', definition: 'HomeAssistant' },
  { port: 53, type: 'Custom', name: 'dns', definition: 'Dns' },
];
const ROLES = ['web', 'db', 'cache', 'app', 'mon', 'nas', 'dns', 'ci'];
export const SERVERS_PER_SWITCH = 47;
const HOSTS_PER_SUBNET = 250;

const mac = (kind: number, n: number) =>
  [2, kind, (n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':');
/**
 * The s-th /24 of 10.42.0.0 and up in 10.0.0.0/8: 10.42.0.0/24 .. 10.42.255.0/24, then 10.43.0.0/24 and on
 * (54,784 subnets, 13.6 million hosts; the first 64,000 hosts keep the addresses tests know).
 */
const subnetPrefix = (s: number) => `10.${42 + Math.floor(s / 256)}.${s % 256}`;
export const subnetCidr = (s: number) => `${subnetPrefix(s)}.0/24`;
/** The n-th host address: 250 hosts to a /24, from .2 to .251. */
export const addressOf = (n: number) =>
  `${subnetPrefix(Math.floor(n / HOSTS_PER_SUBNET))}.${(n % HOSTS_PER_SUBNET) + 2}`;
export const subnetCount = (hosts: number) => Math.ceil(hosts / HOSTS_PER_SUBNET);

/** One access switch and the servers plugged into it: host numbers first..first+count-1 (the switch is first). */
export function rack(first: number, count: number) {
  const switchMac = mac(1, first);
  const switchHost = {
    name: `sw-${first}`,
    hostname: `sw-${first}.demo.lan`,
    mac: switchMac,
    ip_addresses: [{ ip_address: addressOf(first), mac_address: switchMac }],
    ports: [{ number: 22, protocol: 'Tcp', type: 'Ssh' }],
    services: [{ name: 'ssh', service_definition: 'Ssh', port: 22 }],
    interfaces: Array.from({ length: count }, (_, i) => ({
      if_index: i + 1,
      if_name: `ge-0/0/${i + 1}`,
      if_type: 6,
      speed_bps: 1_000_000_000,
      admin_status: 'Up',
      oper_status: 'Up',
      mac_address: mac(2, first * 64 + i),
    })),
  };
  const servers = Array.from({ length: count - 1 }, (_, i) => {
    const n = first + 1 + i;
    const serverMac = mac(3, n);
    const services = SERVICES.filter((_, s) => (n * 7 + s * 3) % 4 === 0 || s === 0).slice(0, 5);
    return {
      name: `${ROLES[n % ROLES.length]}-${n}`,
      hostname: `${ROLES[n % ROLES.length]}-${n}.demo.lan`,
      mac: serverMac,
      ip_addresses: [{ ip_address: addressOf(n), mac_address: serverMac }],
      ports: services.map((s) => ({ number: s.port, protocol: 'Tcp', type: s.type })),
      services: services.map((s) => ({ name: s.name, service_definition: s.definition, port: s.port })),
      interfaces: [
        {
          if_index: 1,
          if_name: 'eth0',
          if_type: 6,
          speed_bps: 1_000_000_000,
          admin_status: 'Up',
          oper_status: 'Up',
          mac_address: serverMac,
          ip_address: addressOf(n),
          lldp_chassis_id: switchMac,
          lldp_port_id: `ge-0/0/${i + 2}`,
          lldp_sys_name: `sw-${first}`,
        },
      ],
    };
  });
  return [switchHost, ...servers];
}
