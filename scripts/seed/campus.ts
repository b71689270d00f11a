import { type Device, ipPlus, NetworkBuilder } from './builder';
import { ENDPOINT_PORTS, FLOOR_ROLES, roleCounts } from './endpoints';
import { ACCESS_SWITCHES, CORE_SWITCHES, DISTRIBUTION_SWITCHES, FIREWALL, ROUTER } from './models';
import type { SeedNetwork } from './types';

/**
 * A campus ("HQ"): an edge router and a firewall, a core pair, per building a distribution pair, per floor
 * access switches uplinked to both distribution switches, endpoints on their access ports.
 *
 * Scaling (N hosts, exactly): 4 fixed hosts (router, firewall, 2 core), a distribution pair per building,
 * one access switch per 45 hosts (itself and up to 44 endpoints), at least 2; buildings hold up to 72 access
 * switches, floors up to 6 (a building of a switches has min(12, max(ceil(a/6), ceil(sqrt a))) floors).
 * The endpoints left (N - 4 - 2 x buildings - access switches) are spread evenly over the access switches.
 * 50 hosts: 1 building, 2 floors of 1 switch, 42 endpoints; 100,000: 31 buildings, 2,221 switches.
 *
 * Addressing: 10.60.0.0/24 router, firewall and core; building b (0-based, at most 64) in 10.(64+b).0.0/16:
 * .0.0/24 its switches' management, 10.(64+b).(8f+r).0/24 floor f's role r (users, voice, printers,
 * wireless, cameras, iot), VLAN 100f + 10(r+1); hosts from .10.
 */
export const CAMPUS_DOMAIN = 'hq.example.com';
const HOSTS_PER_ACCESS_SWITCH = 1 + ENDPOINT_PORTS;
const SWITCHES_PER_BUILDING = 72;
const SWITCHES_PER_FLOOR = 6;
const FIXED = 4;
/** Core ports 1-2 join the pair, 3 the firewall, 4-5 a data centre (mixed); distribution from 6. */
const FIRST_DISTRIBUTION_PORT = 6;

export interface CampusPlan {
  /** Per building, per floor: its access switches. */
  buildings: number[][];
  accessSwitches: number;
  endpoints: number;
}

const spread = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

export function campusPlan(hosts: number): CampusPlan {
  const estimate = Math.max(2, Math.ceil((hosts - FIXED) / HOSTS_PER_ACCESS_SWITCH));
  const buildingCount = Math.ceil(estimate / SWITCHES_PER_BUILDING);
  const accessSwitches = Math.max(2, Math.ceil((hosts - FIXED - 2 * buildingCount) / HOSTS_PER_ACCESS_SWITCH));
  const endpoints = hosts - FIXED - 2 * buildingCount - accessSwitches;
  if (endpoints < 0) throw new Error(`a campus needs at least ${FIXED + 4} hosts`);
  const buildings = spread(accessSwitches, buildingCount).map((switches) => {
    const floors = Math.min(12, Math.max(Math.ceil(switches / SWITCHES_PER_FLOOR), Math.ceil(Math.sqrt(switches))));
    return spread(switches, floors);
  });
  return { buildings, accessSwitches, endpoints };
}

/** a, b, ..., z, aa, ab, ... */
export const buildingLetter = (b: number): string =>
  (b >= 26 ? buildingLetter(Math.floor(b / 26) - 1) : '') + String.fromCharCode(97 + (b % 26));

const pad = (n: number) => String(n).padStart(3, '0');

/** Builds the campus into `net`; its core pair is returned for a data centre to join (mixed). */
export function buildCampus(net: NetworkBuilder, hosts: number): { cores: Device[] } {
  const plan = campusPlan(hosts);
  const at = (location: string) => ({ domain: CAMPUS_DOMAIN, location: `HQ / ${location}` });
  net.subnet('10.60.0.0/24', 'hq core and edge');
  const router = net.add(ROUTER, { name: 'hq-rtr-1', ip: '10.60.0.1', ...at('Building A / Data room') });
  net.plug({ device: router, group: 'hundred', n: 1 });
  const firewall = net.add(FIREWALL, { name: 'hq-fw-1', ip: '10.60.0.2', ...at('Building A / Data room') });
  net.link({ device: router, group: 'hundred', n: 2 }, { device: firewall, group: 'forty', n: 1 });
  const coreModel =
    FIRST_DISTRIBUTION_PORT - 1 + 2 * plan.buildings.length <= CORE_SWITCHES.c9500.ports.down.count
      ? CORE_SWITCHES.c9500
      : CORE_SWITCHES.c9606r;
  const cores = [1, 2].map((i) =>
    net.add(coreModel, { name: `hq-core-${i}`, ip: ipPlus('10.60.0.0', 2 + i), ...at('Building A / Data room') }),
  );
  const core = (c: number, n: number) => ({ device: cores[c], group: 'down', n });
  net.link(core(0, 1), core(1, 1));
  net.link(core(0, 2), core(1, 2));
  net.link({ device: firewall, group: 'forty', n: 2 }, core(0, 3));
  net.link({ device: firewall, group: 'forty', n: 3 }, core(1, 3));

  const perSwitch = spread(plan.endpoints, plan.accessSwitches);
  let switchNumber = 0;
  plan.buildings.forEach((floors, b) => {
    const letter = buildingLetter(b);
    const building = `Building ${letter.toUpperCase()}`;
    const base = `10.${64 + b}.0.0`;
    net.subnet(`${base}/24`, `bldg-${letter} switch management`);
    const switches = floors.reduce((sum, n) => sum + n, 0);
    const distModel = switches <= 24 ? DISTRIBUTION_SWITCHES.c9300x : DISTRIBUTION_SWITCHES.c9407r;
    const dists = [1, 2].map((d) =>
      net.add(distModel, { name: `bldg-${letter}-dist-${d}`, ip: ipPlus(base, 1 + d), ...at(`${building} / MDF`) }),
    );
    dists.forEach((dist, d) =>
      cores.forEach((_, c) =>
        net.link({ device: dist, group: 'up', n: c + 1 }, core(c, FIRST_DISTRIBUTION_PORT + 2 * b + d)),
      ),
    );
    let inBuilding = 0;
    floors.forEach((count, f0) => {
      const floor = f0 + 1;
      FLOOR_ROLES.forEach(({ role }, r) => {
        const subnet = `10.${64 + b}.${8 * floor + r}.0`;
        net.subnet(`${subnet}/24`, `bldg-${letter} fl${floor} ${role} (VLAN ${100 * floor + 10 * (r + 1)})`);
        // the distribution pair routes each floor VLAN: .1 their shared gateway (HSRP), .2 and .3 their own
        dists.forEach((dist, d) => net.address(dist, ipPlus(subnet, 2 + d)));
      });
      const named = FLOOR_ROLES.map(() => 0);
      for (let s = 1; s <= count; s++) {
        inBuilding++;
        const model = (b + floor) % 3 === 2 ? ACCESS_SWITCHES.c9200 : ACCESS_SWITCHES.c9300;
        const where = at(`${building} / Floor ${floor}`);
        const name = `bldg-${letter}-fl${floor}-sw${s}`;
        const sw = net.add(model, { name, ip: ipPlus(base, 9 + inBuilding), ...where });
        dists.forEach((dist, d) =>
          net.link({ device: sw, group: 'uplink', n: d + 1 }, { device: dist, group: 'down', n: inBuilding }),
        );
        let port = 0;
        roleCounts(perSwitch[switchNumber++]).forEach((n, r) => {
          const { kind, models } = FLOOR_ROLES[r];
          for (let k = 0; k < n; k++) {
            const index = ++named[r];
            const endpoint = net.add(models[index % models.length], {
              name: `bldg-${letter}-fl${floor}-${kind}${pad(index)}`,
              ip: `10.${64 + b}.${8 * floor + r}.${9 + index}`,
              ...where,
            });
            net.link({ device: sw, group: 'access', n: ++port }, { device: endpoint, group: 'nic', n: 1 });
          }
        });
      }
    });
  });
  return { cores };
}

export function campus(hosts: number): SeedNetwork {
  const net = new NetworkBuilder();
  buildCampus(net, hosts);
  return net.build();
}
