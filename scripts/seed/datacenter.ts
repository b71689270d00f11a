import { type Device, ipPlus, NetworkBuilder } from './builder';
import { FIREWALL, HYPERVISOR, LEAF, type Model, ROUTER, SERVERS, SPINES, STORAGE, VIRTUAL_MACHINES } from './models';
import { type Listener, serverListeners, serverRole } from './services';
import type { SeedNetwork } from './types';

/**
 * A data centre ("DC1"), spine-leaf: 2 to 8 spines, a leaf pair per rack (MLAG peer link on Ethernet47-48),
 * every leaf uplinked to every spine; hypervisors (with their VMs), bare-metal servers and storage arrays
 * dual-homed to their rack's leaf pair; border routers and firewalls on a border leaf pair.
 *
 * Scaling (N hosts, exactly): a full rack is 2 leaves + 40 physical hosts (26 hypervisors with 20 VMs each,
 * the rest servers; every fourth rack 2 of them storage arrays) = 562 hosts; racks = ceil((N - spines - 6)
 * / 562); spines 2 up to 4 racks, 4 up to 16, else 8. The hosts left are spread over the racks; a rack of x
 * hosts (besides its leaves) has clamp(ceil(x / 14), 4, 40) physical ones (all of them when x < 4), about
 * 65% of them hypervisors, and its VMs spread over those. Spines are QFX5200-32C while the leaves number 32
 * or fewer, else Arista 7816R3. 50 hosts: 2 spines, 1 rack (4 physical, 36 VMs); 100,000: 8 spines, 178 racks.
 *
 * Addressing: 10.200.0.0/22 management (spines, leaves, border); rack r (0-based) 10.(208 + r/64).(4(r%64)).0/22,
 * VLAN 1001 + r, hosts and their VMs from the 10th address.
 */
export const DC_DOMAIN = 'dc1.example.com';
const FULL_RACK = { physical: 40, vmsPerHypervisor: 20, hypervisorShare: 26 / 40 };
const RACK_HOSTS = 2 + FULL_RACK.physical + Math.round(FULL_RACK.physical * FULL_RACK.hypervisorShare) * 20;
const BORDER_HOSTS = 6;

export interface RackPlan {
  hypervisors: number;
  servers: number;
  storage: number;
  /** VMs per hypervisor. */
  vms: number[];
}

const spread = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

function rackPlan(hosts: number, r: number): RackPlan {
  const physical = Math.min(hosts, Math.max(4, Math.min(FULL_RACK.physical, Math.ceil(hosts / 14))));
  const storage = r % 4 === 3 && physical >= 16 ? 2 : 0;
  const hypervisors = hosts > physical ? Math.max(1, Math.round(physical * FULL_RACK.hypervisorShare)) : 0;
  return {
    hypervisors,
    servers: physical - storage - hypervisors,
    storage,
    vms: spread(hosts - physical, hypervisors),
  };
}

export function datacenterPlan(hosts: number): { spines: number; racks: RackPlan[] } {
  const estimate = Math.max(1, Math.ceil((hosts - 2 - BORDER_HOSTS) / RACK_HOSTS));
  const spines = estimate <= 4 ? 2 : estimate <= 16 ? 4 : 8;
  const racks = Math.max(1, Math.ceil((hosts - spines - BORDER_HOSTS) / RACK_HOSTS));
  const inRacks = hosts - spines - BORDER_HOSTS - 2 * racks;
  if (inRacks < racks) throw new Error(`a data centre needs at least ${spines + BORDER_HOSTS + 3} hosts`);
  return { spines, racks: spread(inRacks, racks).map(rackPlan) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Builds the data centre into `net`; its border routers are returned for a campus to join (mixed). */
export function buildDatacenter(net: NetworkBuilder, hosts: number): { borderRouters: Device[] } {
  const plan = datacenterPlan(hosts);
  const leafCount = 2 + 2 * plan.racks.length;
  const spineModel = leafCount <= SPINES.qfx5200.ports.down.count ? SPINES.qfx5200 : SPINES.arista7816;
  const management = '10.200.0.0';
  net.subnet(`${management}/22`, 'dc1 management');
  let managed = 0;
  const add = (model: Model, name: string, location: string, ip = ipPlus(management, 10 + managed++)) =>
    net.add(model, { name, ip, domain: DC_DOMAIN, location: `DC1 / ${location}` });
  const spines = Array.from({ length: plan.spines }, (_, s) => add(spineModel, `dc1-spine-${s + 1}`, 'Row 0 / Rack 1'));
  let leaves = 0;
  const leafPair = (name: string, location: string) => {
    const pair = ['a', 'b'].map((side) => add(LEAF, `${name}-${side}`, location));
    net.link({ device: pair[0], group: 'down', n: 47 }, { device: pair[1], group: 'down', n: 47 });
    net.link({ device: pair[0], group: 'down', n: 48 }, { device: pair[1], group: 'down', n: 48 });
    for (const leaf of pair) {
      leaves++;
      spines.forEach((spine, s) =>
        net.link({ device: leaf, group: 'up', n: s + 1 }, { device: spine, group: 'down', n: leaves }),
      );
    }
    return pair;
  };
  /** A host's two NICs, one to each leaf of the pair, on the same port number. */
  const dualHome = (host: Device, pair: Device[], port: number) =>
    pair.forEach((leaf, i) =>
      net.link({ device: host, group: 'nic', n: i + 1 }, { device: leaf, group: 'down', n: port }),
    );

  const border = leafPair('dc1-bleaf', 'Row 0 / Rack 2');
  const toBorder = (device: Device, group: string, port: number) =>
    border.forEach((leaf, i) => net.link({ device, group, n: i + 1 }, { device: leaf, group: 'down', n: port }));
  const borderRouters = [1, 2].map((i) => {
    const router = add(ROUTER, `dc1-rtr-${i}`, 'Row 0 / Rack 2');
    net.plug({ device: router, group: 'hundred', n: 1 });
    toBorder(router, 'ten', i);
    return router;
  });
  [1, 2].forEach((i) => toBorder(add(FIREWALL, `dc1-fw-${i}`, 'Row 0 / Rack 2'), 'ten', 2 + i));

  let vmNumber = 0;
  let serverNumber = 0;
  plan.racks.forEach((rack, r) => {
    const label = `r${pad(r + 1, 3)}`;
    const location = `Row ${Math.floor(r / 10) + 1} / Rack ${(r % 10) + 1}`;
    const base = `10.${208 + Math.floor(r / 64)}.${4 * (r % 64)}.0`;
    net.subnet(`${base}/22`, `dc1 rack ${label} (VLAN ${1001 + r})`);
    const pair = leafPair(`dc1-leaf-${label}`, location);
    let inRack = 0;
    let port = 0;
    const rackHost = (model: Model, name: string, listeners?: Listener[]) =>
      net.add(model, {
        name,
        ip: ipPlus(base, 10 + inRack++),
        domain: DC_DOMAIN,
        location: `DC1 / ${location}`,
        listeners,
      });
    rack.vms.forEach((vms, h) => {
      const hypervisor = rackHost(HYPERVISOR, `esx-${label}-${pad(h + 1)}`);
      dualHome(hypervisor, pair, ++port);
      for (let v = 0; v < vms; v++) {
        const n = vmNumber++;
        const vm = rackHost(
          VIRTUAL_MACHINES[n % VIRTUAL_MACHINES.length],
          `vm-${serverRole(n)}-${pad(n, 4)}`,
          serverListeners(n),
        );
        // as a hypervisor source (vCenter, Proxmox) reports it: the VM runs on that host
        vm.host.virtualization = { type: 'Vm', host_ip: hypervisor.ip };
      }
    });
    for (let s = 0; s < rack.servers; s++) {
      const n = serverNumber++;
      const server = rackHost(SERVERS[n % SERVERS.length], `srv-${label}-${pad(s + 1)}`, serverListeners(n));
      dualHome(server, pair, ++port);
    }
    for (let s = 0; s < rack.storage; s++) dualHome(rackHost(STORAGE, `nas-${label}-${s + 1}`), pair, ++port);
  });
  return { borderRouters };
}

export function datacenter(hosts: number): SeedNetwork {
  const net = new NetworkBuilder();
  buildDatacenter(net, hosts);
  return net.build();
}
