import { execFileSync } from 'node:child_process';
import {
  GATEWAY_ADDRESS,
  hostPlans,
  HOSTS_SUBNET,
  type LabPlan,
  SCANNER_ADDRESS,
  SCANNER_MAC,
  SWITCH_UPLINK_ADDRESS,
  SWITCH_UPLINK_MAC,
} from './lab-plan';

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe', encoding: 'utf8' });

/**
 * Namespaces, the bridge, the veths and the routes. Links are created inside their namespaces (never
 * moved in), so no temporary names appear in the root namespace and ifIndexes are the same in every lab:
 * switch lo 1, br0 2, swp1..3 3..5, up0 6; each host lo 1, eth0 2.
 */
export function buildLabNetwork(plan: LabPlan): void {
  const sw = plan.switchNamespace;
  for (const namespace of [sw, ...hostPlans(plan).map((host) => host.namespace)]) {
    ip('netns', 'add', namespace);
    ip('-n', namespace, 'link', 'set', 'lo', 'up');
  }
  // No address of its own: Linux gives the bridge the lowest MAC among its ports (swp1's).
  ip('-n', sw, 'link', 'add', 'br0', 'type', 'bridge');
  for (const host of hostPlans(plan)) {
    // prettier-ignore
    ip(
      '-n', sw, 'link', 'add', host.switchPort, 'address', host.switchPortMac,
      'type', 'veth', 'peer', 'name', 'eth0', 'address', host.mac, 'netns', host.namespace,
    );
    ip('-n', sw, 'link', 'set', host.switchPort, 'master', 'br0', 'up');
    ip('-n', host.namespace, 'addr', 'add', `${host.address}/24`, 'dev', 'eth0');
    ip('-n', host.namespace, 'link', 'set', 'eth0', 'up');
    ip('-n', host.namespace, 'route', 'add', 'default', 'via', GATEWAY_ADDRESS);
  }
  ip('-n', sw, 'addr', 'add', `${GATEWAY_ADDRESS}/24`, 'dev', 'br0');
  ip('-n', sw, 'link', 'set', 'br0', 'up');
  // prettier-ignore
  ip(
    'link', 'add', plan.scannerLink, 'address', SCANNER_MAC,
    'type', 'veth', 'peer', 'name', 'up0', 'address', SWITCH_UPLINK_MAC, 'netns', sw,
  );
  ip('-n', sw, 'addr', 'add', `${SWITCH_UPLINK_ADDRESS}/30`, 'dev', 'up0');
  ip('-n', sw, 'link', 'set', 'up0', 'up');
  ip('addr', 'add', `${SCANNER_ADDRESS}/30`, 'dev', plan.scannerLink);
  ip('link', 'set', plan.scannerLink, 'up');
  ip('route', 'add', HOSTS_SUBNET, 'via', SWITCH_UPLINK_ADDRESS);
  execFileSync('ip', ['netns', 'exec', sw, 'sysctl', '-qw', 'net.ipv4.ip_forward=1'], { stdio: 'pipe' });
}

export interface LinkFacts {
  ifIndex: number;
  mac: string;
  /** dot1dBasePort of a bridge member. */
  bridgePort?: number;
}

interface IpLinkJson {
  ifindex: number;
  ifname: string;
  address: string;
  linkinfo?: { info_slave_data?: { no?: string } };
}

/** The switch's links as the kernel reports them (what its SNMP agent will serve), by name. */
export function readSwitchLinks(plan: LabPlan): Map<string, LinkFacts> {
  const links = JSON.parse(ip('-n', plan.switchNamespace, '-j', '-d', 'link', 'show')) as IpLinkJson[];
  return new Map(
    links.map((link) => {
      const portNumber = link.linkinfo?.info_slave_data?.no;
      const bridgePort = portNumber === undefined ? undefined : parseInt(portNumber, 16);
      return [link.ifname, { ifIndex: link.ifindex, mac: link.address, bridgePort }];
    }),
  );
}

/** Neighbour (ARP) entries of the switch's br0 that have a MAC, as address -> MAC. */
export function readSwitchNeighbours(plan: LabPlan): Map<string, string> {
  const entries = JSON.parse(ip('-n', plan.switchNamespace, '-j', 'neigh', 'show', 'dev', 'br0')) as {
    dst: string;
    lladdr?: string;
  }[];
  return new Map(entries.filter((entry) => entry.lladdr).map((entry) => [entry.dst, entry.lladdr!]));
}

/** MACs the bridge learned, as MAC -> port name. */
export function readLearnedMacs(plan: LabPlan): Map<string, string> {
  const output = execFileSync(
    'ip',
    ['netns', 'exec', plan.switchNamespace, 'bridge', '-j', 'fdb', 'show', 'br', 'br0'],
    {
      encoding: 'utf8',
    },
  );
  const entries = JSON.parse(output || '[]') as { mac: string; ifname: string; master?: string; state?: string }[];
  return new Map(entries.filter((e) => e.master === 'br0' && !e.state).map((e) => [e.mac, e.ifname]));
}
