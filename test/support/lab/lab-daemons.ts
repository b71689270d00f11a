import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_ADDRESS, hostPlans, type LabPlan, SNMP_COMMUNITY, SWITCH_SYS_NAME } from './lab-plan';
import { type NamespaceProcess, spawnInNamespace, waitFor } from './namespace-process';

/** RFC 4188 dot1dBridge: served by our pass_persist handler, see bridge-mib-agent.ts. */
export const BRIDGE_MIB_OID = '.1.3.6.1.2.1.17';
// The shortest interval lldpd takes: neighbours appear within about two seconds.
const LLDP_TX_INTERVAL_S = 1;

export const agentxSocket = (dir: string) => join(dir, 'agentx.sock');
export const lldpControlSocket = (dir: string, name: string) => join(dir, `lldpd-${name}.sock`);

/**
 * Debian's snmpd in the switch namespace, on UDP 161 of every switch address, with only our config
 * (-C: no /etc/snmp, no system persistent state) and a private AgentX master socket for lldpd.
 */
export async function startSnmpd(dir: string, plan: LabPlan): Promise<NamespaceProcess> {
  const stateDir = join(dir, 'snmpd-state');
  mkdirSync(stateDir);
  const config = join(dir, 'snmpd.conf');
  writeFileSync(
    config,
    [
      'agentAddress udp:161',
      `rocommunity ${SNMP_COMMUNITY}`,
      `sysName ${SWITCH_SYS_NAME}`,
      'sysLocation Netatlas test lab',
      'master agentx',
      `agentXSocket ${agentxSocket(dir)}`,
      `pass_persist ${BRIDGE_MIB_OID} ${process.execPath} ${join(dir, 'bridge-mib-agent.js')} br0`,
      `[snmp] persistentDir ${stateDir}`,
      '',
    ].join('\n'),
  );
  const pidFile = join(dir, 'pids', 'snmpd.pid');
  const snmpd = spawnInNamespace(
    dir,
    plan.switchNamespace,
    'snmpd',
    ['snmpd', '-f', '-C', '-c', config, '-p', pidFile, '-Lo'],
    { env: { ...process.env, MIBS: '' } },
  );
  await waitFor('snmpd to open its AgentX socket', () => existsSync(agentxSocket(dir)), {
    timeoutMs: 10_000,
    watched: [snmpd],
  });
  return snmpd;
}

/**
 * Debian's lldpd in a namespace, with a private control socket and settings applied at start through
 * `-O` (so /etc/lldpd.d is not read): a fast transmit interval and the system name.
 */
export function startLldpd(
  dir: string,
  namespace: string,
  options: { name: string; sysName: string; managementAddress: string; interfaces: string; agentx: boolean },
): NamespaceProcess {
  const config = join(dir, `lldpd-${options.name}.conf`);
  writeFileSync(
    config,
    `configure system hostname ${options.sysName}\nconfigure lldp tx-interval ${LLDP_TX_INTERVAL_S}\n`,
  );
  const args = ['-d', '-u', lldpControlSocket(dir, options.name), '-O', config];
  args.push('-m', options.managementAddress, '-I', options.interfaces);
  if (options.agentx) args.push('-x', '-X', agentxSocket(dir));
  return spawnInNamespace(dir, namespace, `lldpd-${options.name}`, ['lldpd', ...args]);
}

export function startSwitchLldpd(dir: string, plan: LabPlan): NamespaceProcess {
  return startLldpd(dir, plan.switchNamespace, {
    name: 'sw',
    sysName: SWITCH_SYS_NAME,
    managementAddress: GATEWAY_ADDRESS,
    interfaces: 'swp*',
    agentx: true,
  });
}

/** Neighbours lldpd has heard, as local interface -> the neighbour's sysName. */
export function readLldpNeighbours(controlSocket: string): Map<string, string> {
  let output: string;
  try {
    output = execFileSync('lldpcli', ['-u', controlSocket, '-f', 'keyvalue', 'show', 'neighbors'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch {
    return new Map(); // not listening yet
  }
  const neighbours = new Map<string, string>();
  for (const line of output.split('\n')) {
    const match = /^lldp\.([^.]+)\.chassis\.name=(.*)$/.exec(line);
    if (match) neighbours.set(match[1], match[2]);
  }
  return neighbours;
}

export function startHostLldpds(dir: string, plan: LabPlan): NamespaceProcess[] {
  return hostPlans(plan)
    .filter((host) => host.lldpSysName !== null)
    .map((host) =>
      startLldpd(dir, host.namespace, {
        name: host.name,
        sysName: host.lldpSysName!,
        managementAddress: host.address,
        interfaces: 'eth0',
        agentx: false,
      }),
    );
}

/** The chassis id (a MAC) this lldpd announces. */
export function readLldpChassisMac(controlSocket: string): string {
  const output = execFileSync('lldpcli', ['-u', controlSocket, '-f', 'keyvalue', 'show', 'chassis'], {
    encoding: 'utf8',
    stdio: 'pipe',
  });
  return /\.chassis\.mac=(.*)$/m.exec(output)?.[1] ?? '';
}
