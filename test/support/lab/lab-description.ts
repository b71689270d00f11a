import { execFileSync } from 'node:child_process';
import { lldpControlSocket, readLldpChassisMac } from './lab-daemons';
import { type LinkFacts, readSwitchLinks } from './lab-network';
import {
  GATEWAY_ADDRESS,
  HOST_NAMES,
  HOSTS_SUBNET,
  type LabPlan,
  SCANNER_ADDRESS,
  SCANNER_MAC,
  SNMP_COMMUNITY,
  SWITCH_SYS_NAME,
  SWITCH_UPLINK_ADDRESS,
  UPLINK_SUBNET,
} from './lab-plan';
import type { LabService } from './lab-services';
import type { Lab, LabHost, LabInterface } from './lab-types';

function hostInterface(namespace: string): LabInterface {
  const [eth0] = JSON.parse(
    execFileSync('ip', ['-n', namespace, '-j', 'link', 'show', 'eth0'], { encoding: 'utf8' }),
  ) as {
    ifindex: number;
    address: string;
  }[];
  return { name: 'eth0', ifIndex: eth0.ifindex, mac: eth0.address };
}

/** The lab as built, read back from the kernel and lldpd rather than restated from the plan. */
export function describeLab(plan: LabPlan, dir: string, services: LabService[]): Omit<Lab, 'close' | 'startMs'> {
  const links = readSwitchLinks(plan);
  const link = (name: string): LinkFacts & { name: string } => {
    const facts = links.get(name);
    if (!facts) throw new Error(`The switch has no ${name}`);
    return { name, ...facts };
  };
  const { bridgePort: _, ...bridge } = link('br0');
  const ports = HOST_NAMES.map((host) => {
    const port = link(plan.hosts[host].switchPort);
    return { name: port.name, ifIndex: port.ifIndex, mac: port.mac, bridgePort: port.bridgePort!, host };
  });
  const { bridgePort: __, ...uplink } = link('up0');
  const hosts = Object.fromEntries(
    HOST_NAMES.map((name): [string, LabHost] => {
      const host = plan.hosts[name];
      return [
        name,
        {
          name,
          namespace: host.namespace,
          address: host.address,
          interface: hostInterface(host.namespace),
          switchPort: host.switchPort,
          lldpSysName: host.lldpSysName,
          service: services.find((service) => service.host === name)!,
        },
      ];
    }),
  ) as Lab['hosts'];
  return {
    tag: plan.tag,
    scanner: { link: plan.scannerLink, address: SCANNER_ADDRESS, mac: SCANNER_MAC },
    switch: {
      namespace: plan.switchNamespace,
      sysName: SWITCH_SYS_NAME,
      managementAddress: SWITCH_UPLINK_ADDRESS,
      gateway: GATEWAY_ADDRESS,
      bridge: { ...bridge, macOfPort: ports.find((port) => port.mac === bridge.mac)?.name ?? '' },
      ports,
      uplink: { ...uplink, address: SWITCH_UPLINK_ADDRESS },
      lldpChassisMac: readLldpChassisMac(lldpControlSocket(dir, 'sw')),
    },
    hosts,
    services,
    snmp: { address: SWITCH_UPLINK_ADDRESS, port: 161, version: '2c', community: SNMP_COMMUNITY },
    subnets: { uplink: UPLINK_SUBNET, hosts: HOSTS_SUBNET },
    dir,
  };
}
