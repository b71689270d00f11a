/**
 * The lab's fixed facts: names, addresses and MACs. Namespace and root-namespace link names carry a tag
 * unique to the process; addresses cannot (the hosts' addresses are part of what tests assert), so only
 * one lab exists on a machine at a time (see lab-lock.ts).
 *
 * MACs are locally administered, 02:4e:4c ("NL") then 00:00:0N for switch port swpN, 00:01:0N for host
 * hN's eth0, 00:00:10 for the switch's uplink up0 and 00:00:20 for the scanner's end of it.
 */
export const HOST_NAMES = ['h1', 'h2', 'h3'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export const UPLINK_SUBNET = '10.203.80.0/30';
export const SCANNER_ADDRESS = '10.203.80.1';
export const SWITCH_UPLINK_ADDRESS = '10.203.80.2';
export const HOSTS_SUBNET = '10.203.81.0/24';
export const GATEWAY_ADDRESS = '10.203.81.1';
export const SWITCH_SYS_NAME = 'lab-sw';
export const SNMP_COMMUNITY = 'netatlas-lab';

export const SCANNER_MAC = '02:4e:4c:00:00:20';
export const SWITCH_UPLINK_MAC = '02:4e:4c:00:00:10';

export interface HostPlan {
  name: HostName;
  namespace: string;
  address: string;
  /** MAC of the host's eth0. */
  mac: string;
  switchPort: string;
  switchPortMac: string;
  /** sysName its lldpd announces; null: the host runs no lldpd. */
  lldpSysName: string | null;
}

export interface LabPlan {
  tag: string;
  switchNamespace: string;
  /** The scanner's end of the uplink, in the root namespace. */
  scannerLink: string;
  hosts: Record<HostName, HostPlan>;
}

export function planLab(tag: string): LabPlan {
  const host = (name: HostName, n: number, lldp: boolean): HostPlan => ({
    name,
    namespace: `nl${tag}${name}`,
    address: `10.203.81.${10 + n}`,
    mac: `02:4e:4c:00:01:0${n}`,
    switchPort: `swp${n}`,
    switchPortMac: `02:4e:4c:00:00:0${n}`,
    lldpSysName: lldp ? `lab-${name}` : null,
  });
  return {
    tag,
    switchNamespace: `nl${tag}sw`,
    scannerLink: `nl${tag}up`,
    hosts: { h1: host('h1', 1, true), h2: host('h2', 2, true), h3: host('h3', 3, false) },
  };
}

export function hostPlans(plan: LabPlan): HostPlan[] {
  return HOST_NAMES.map((name) => plan.hosts[name]);
}
