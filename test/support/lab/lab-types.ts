import type { HostName } from './lab-plan';
import type { LabService } from './lab-services';

export interface LabInterface {
  name: string;
  /** In its own namespace (the switch's agent serves the switch's). */
  ifIndex: number;
  mac: string;
}

export interface LabSwitchPort extends LabInterface {
  /** dot1dBasePort (the Linux bridge port number). */
  bridgePort: number;
  host: HostName;
}

export interface LabHost {
  name: HostName;
  namespace: string;
  address: string;
  /** The host's eth0. */
  interface: LabInterface;
  /** The switch port its eth0 is plugged into. */
  switchPort: string;
  /** The sysName its lldpd announces (also its LLDP management address is `address`); null: no lldpd. */
  lldpSysName: string | null;
  service: LabService;
}

/**
 * A switch that routes for three hosts, built of network namespaces; the test process (root namespace)
 * is the scanner and reaches the hosts only through the switch. See test/support/lab/README.md.
 */
export interface Lab {
  /** Unique per process; every namespace and root-namespace link name is `nl<tag>...`. */
  tag: string;
  scanner: { link: string; address: string; mac: string };
  switch: {
    namespace: string;
    sysName: string;
    /** Where the scanner reaches the switch and its SNMP agent (up0). */
    managementAddress: string;
    /** br0's address, the hosts' default gateway and the switch's LLDP management address. */
    gateway: string;
    /** MAC left as Linux picks it: the lowest of its ports', so it equals one port's MAC (`macOfPort`). */
    bridge: LabInterface & { macOfPort: string };
    /** swp1..swp3, in order. */
    ports: LabSwitchPort[];
    uplink: LabInterface & { address: string };
    /** Chassis id the switch's lldpd announces and lldpLocChassisId serves. */
    lldpChassisMac: string;
  };
  hosts: Record<HostName, LabHost>;
  services: LabService[];
  /** The switch's snmpd (v2c), serving IF-MIB, IP-MIB, LLDP-MIB (lldpd over AgentX) and BRIDGE-MIB. */
  snmp: { address: string; port: number; version: '2c'; community: string };
  subnets: { uplink: string; hosts: string };
  /** Configs, logs/ (one file per process) and pids/; removed by close(). */
  dir: string;
  /** Milliseconds startLab took. */
  startMs: number;
  /** Tears everything down; safe to call twice. */
  close(): Promise<void>;
}
