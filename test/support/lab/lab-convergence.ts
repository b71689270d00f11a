import { lldpControlSocket, readLldpNeighbours } from './lab-daemons';
import { readLearnedMacs, readSwitchNeighbours } from './lab-network';
import { hostPlans, type LabPlan, SNMP_COMMUNITY, SWITCH_SYS_NAME, SWITCH_UPLINK_ADDRESS } from './lab-plan';
import { accepts, type LabService } from './lab-services';
import { snmpGet, snmpWalk, type SnmpTarget } from './lab-snmp';
import { type NamespaceProcess, waitFor } from './namespace-process';

const TIMEOUT_MS = 20_000;
const SYS_NAME = '1.3.6.1.2.1.1.5.0';
const LLDP_REM_SYS_NAME = '1.0.8802.1.1.2.1.4.1.1.9';
const DOT1D_BASE_PORT_IF_INDEX = '1.3.6.1.2.1.17.1.4.1.2';

/** Waits until what the tests look at has settled: services, ARP and FDB, LLDP, the SNMP agent. */
export async function waitUntilConverged(
  plan: LabPlan,
  dir: string,
  services: LabService[],
  daemons: NamespaceProcess[],
): Promise<void> {
  const options = { timeoutMs: TIMEOUT_MS, watched: daemons };
  const hosts = hostPlans(plan);
  const lldpHosts = hosts.filter((host) => host.lldpSysName !== null);

  // Connecting from the scanner also makes each host and the switch resolve each other, as a ping would.
  await waitFor(
    'every service to accept connections through the switch',
    async () => (await Promise.all(services.map((service) => accepts(service.address, service.port)))).every(Boolean),
    options,
  );
  await waitFor(
    'the switch to have every host in its ARP table and forwarding database',
    () => {
      const [neighbours, learned] = [readSwitchNeighbours(plan), readLearnedMacs(plan)];
      return hosts.every(
        (host) => neighbours.get(host.address) === host.mac && learned.get(host.mac) === host.switchPort,
      );
    },
    options,
  );
  await waitFor(
    `the switch's lldpd to hear ${lldpHosts.map((host) => `${host.lldpSysName} on ${host.switchPort}`).join(', ')}`,
    () => {
      const heard = readLldpNeighbours(lldpControlSocket(dir, 'sw'));
      return (
        heard.size === lldpHosts.length && lldpHosts.every((host) => heard.get(host.switchPort) === host.lldpSysName)
      );
    },
    options,
  );
  const agent: SnmpTarget = { address: SWITCH_UPLINK_ADDRESS, port: 161, community: SNMP_COMMUNITY };
  await waitFor(
    "the switch's SNMP agent to serve its name, LLDP neighbours and bridge ports",
    async () => {
      try {
        const name = (await snmpGet(agent, [SYS_NAME])).get(SYS_NAME);
        const neighbours = await snmpWalk(agent, LLDP_REM_SYS_NAME);
        const ports = await snmpWalk(agent, DOT1D_BASE_PORT_IF_INDEX);
        return String(name) === SWITCH_SYS_NAME && neighbours.size === lldpHosts.length && ports.size === hosts.length;
      } catch {
        return false;
      }
    },
    options,
  );
}
