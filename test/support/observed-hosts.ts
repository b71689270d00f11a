/**
 * Hosts for POST /api/v1/discovery/observations, numbered 1..255 within one /24: each with its own MAC and
 * a MAC per port, and ports that may report, over LLDP, the neighbour cabled to them.
 */
export const GBPS = 1_000_000_000;

const hex = (n: number) => n.toString(16).padStart(2, '0');
/** Host n's MAC; its ports' MACs are 02:00:00:00:<n>:<port>, so never one of a host. */
export const observedMac = (n: number) => `02:00:00:00:00:${hex(n)}`;

/** The neighbour LLDP reports on a port: its system name, its host number and its port's name. */
export type LldpNeighbour = [sysName: string, host: number, portName: string];

export const observedPort = (if_index: number, if_name: string, speed_bps: number, far?: LldpNeighbour) => ({
  if_index,
  if_name,
  if_type: 6,
  speed_bps,
  admin_status: 'Up',
  oper_status: 'Up',
  ...(far && { lldp_sys_name: far[0], lldp_chassis_id: observedMac(far[1]), lldp_port_id: far[2] }),
});

/** Host n of `prefix`.0/24 (prefix such as '10.7.0'), named and typed, with its ports. */
export const observedHost = (prefix: string, n: number, name: string, device_type: string, ports: object[]) => ({
  name,
  mac: observedMac(n),
  device_type,
  ip_addresses: [{ ip_address: `${prefix}.${n}`, mac_address: observedMac(n) }],
  interfaces: ports.map((p, k) => ({ ...p, mac_address: `02:00:00:00:${hex(n)}:${hex(k + 1)}` })),
});
