import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { hostBatches } from '../../scripts/seed/batches';
import { campusPlan } from '../../scripts/seed/campus';
import { datacenterPlan } from '../../scripts/seed/datacenter';
import { SEND_IDENTITY, toObservation } from '../../scripts/seed/identity';
import { generateNetwork, type GeneratedProfile } from '../../scripts/seed/profiles';
import { intendedLinks, summarize } from '../../scripts/seed/summary';
import { DEVICE_TYPES, type SeedHost, type SeedNetwork } from '../../scripts/seed/types';
import { CATALOGUE } from '../../src/modules/discovery/domain/service-catalogue';
import { ObservationBatchDto } from '../../src/modules/inventory/api/dto/observation.dto';

/**
 * The seed profiles' generators (scripts/seed/), without a database: pure functions of profile and size.
 * In the http project only because the unit project's tests sit beside src/.
 */
const SIZES = [50, 5_000, 100_000];
const PROFILES: GeneratedProfile[] = ['campus', 'datacenter', 'mixed'];

const built = new Map<string, SeedNetwork>();
const network = (profile: GeneratedProfile, hosts: number) => {
  const key = `${profile} ${hosts}`;
  if (!built.has(key)) built.set(key, generateNetwork(profile, hosts));
  return built.get(key)!;
};
const everySize = (profile: GeneratedProfile, check: (net: SeedNetwork, hosts: number) => void) =>
  SIZES.forEach((hosts) => check(network(profile, hosts), hosts));

const ipValue = (ip: string) => ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
const rangeOf = (cidr: string) => {
  const [ip, bits] = cidr.split('/');
  const start = ipValue(ip);
  return { cidr, start, end: start + 2 ** (32 - Number(bits)) - 1 };
};

/** Per host: its links as `port -> far host, far port` (from the data, both ends). */
function adjacency(net: SeedNetwork) {
  const links = new Map<string, { port: string; far: string; farPort: string; via: string }[]>();
  const add = (host: string, entry: { port: string; far: string; farPort: string; via: string }) =>
    links.set(host, links.get(host)?.concat(entry) ?? [entry]);
  for (const { a, b, via } of intendedLinks(net)) {
    add(a.host, { port: a.port, far: b.host, farPort: b.port, via });
    add(b.host, { port: b.port, far: a.host, farPort: a.port, via });
  }
  return (host: string) => links.get(host) ?? [];
}

const named = (net: SeedNetwork, pattern: RegExp) => net.hosts.filter((h) => pattern.test(h.name));
const farSorted = (links: { far: string }[]) =>
  links
    .map((l) => l.far)
    .sort()
    .join(' ');

/** Checks collected, then asserted once: an expect per host is too slow at 100,000 hosts. */
function checker() {
  const problems: string[] = [];
  return {
    check: (ok: boolean, what: string) => ok || problems.push(what),
    done: () => expect(problems).toEqual([]),
  };
}

describe.each(PROFILES)('seed profile %s (scripts/seed/)', (profile) => {
  afterAll(() => built.clear());

  it('the same profile and size give the same network (50 and 5,000 hosts)', () => {
    for (const hosts of [50, 5_000]) expect(generateNetwork(profile, hosts)).toEqual(network(profile, hosts));
  });

  it('holds N hosts at 50, 5,000 and 100,000 (exactly; at most 1,000 interfaces a host), every device type of the profile', () => {
    everySize(profile, (net, hosts) => {
      expect(net.hosts).toHaveLength(hosts);
      expect(net.hosts.reduce((most, h) => Math.max(most, h.interfaces?.length ?? 0), 0)).toBeLessThanOrEqual(1000);
    });
    const types = Object.keys(summarize(network(profile, 5_000)).byType).sort();
    const campus = ['AccessPoint', 'Camera', 'IoT', 'Phone', 'Printer', 'Workstation'];
    const datacenter = ['Hypervisor', 'Server', 'Storage', 'VirtualMachine'];
    const expected = { campus, datacenter, mixed: [...campus, ...datacenter] }[profile];
    expect(types).toEqual([...expected, 'Firewall', 'Router', 'Switch'].sort());
  });

  it('every LLDP neighbour names a host (chassis MAC, name, management address) and a port of it, which names the near end back', () => {
    everySize(profile, (net) => {
      const byMac = new Map(net.hosts.map((h) => [h.mac, h]));
      const problems: string[] = [];
      for (const host of net.hosts)
        for (const port of host.interfaces ?? []) {
          if (!port.lldp_chassis_id) continue;
          const far = byMac.get(port.lldp_chassis_id);
          const farPort = far?.interfaces?.find((i) => i.if_name === port.lldp_port_id);
          const ok =
            far &&
            farPort &&
            port.lldp_sys_name === far.name &&
            port.lldp_mgmt_addr === far.ip_addresses[0].ip_address &&
            port.lldp_sys_desc === far.description &&
            farPort.lldp_chassis_id === host.mac &&
            farPort.lldp_port_id === port.if_name &&
            farPort.speed_bps === port.speed_bps;
          if (!ok) problems.push(`${host.name} ${port.if_name} -> ${port.lldp_sys_name} ${port.lldp_port_id}`);
        }
      expect(problems).toEqual([]);
    });
  });

  it('every learnt MAC is the port MAC of a host running no LLDP, and every port is in one link at most', () => {
    everySize(profile, (net) => {
      const quiet = new Map(
        net.hosts.flatMap((h) => (h.interfaces ?? []).filter((i) => !i.lldp_chassis_id).map((i) => [i.mac_address, h])),
      );
      const { check, done } = checker();
      for (const host of net.hosts)
        for (const port of host.interfaces ?? [])
          for (const learned of port.learned ?? []) {
            const endpoint = quiet.get(learned.mac_address)?.device_type ?? 'nothing';
            check(host.device_type === 'Switch', `${host.name} learns MACs`);
            check(/^(Workstation|Printer|Camera|IoT)$/.test(endpoint), `${host.name} learnt the MAC of ${endpoint}`);
          }
      done();
      const ends = intendedLinks(net).flatMap((l) => [`${l.a.host} ${l.a.port}`, `${l.b.host} ${l.b.port}`]);
      expect(new Set(ends).size).toBe(ends.length);
    });
  });

  it('every address lies in one of its subnets, and no two subnets overlap', () => {
    everySize(profile, (net) => {
      const ranges = net.subnets.map((s) => rangeOf(s.cidr)).sort((a, b) => a.start - b.start);
      ranges.slice(1).forEach((r, i) => expect(r.start).toBeGreaterThan(ranges[i].end));
      const inSubnet = (ip: string) => {
        const value = ipValue(ip);
        let [low, high] = [0, ranges.length - 1];
        while (low < high) {
          const mid = Math.ceil((low + high) / 2);
          if (ranges[mid].start <= value) low = mid;
          else high = mid - 1;
        }
        return ranges[low].start < value && value < ranges[low].end;
      };
      const outside = net.hosts.flatMap((h) => h.ip_addresses.map((a) => a.ip_address)).filter((ip) => !inSubnet(ip));
      expect(outside).toEqual([]);
    });
  });

  it('no two hosts share a name, an address or a MAC; no two ports share a MAC', () => {
    everySize(profile, (net) => {
      const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
      unique(net.hosts.map((h) => h.name));
      unique(net.hosts.map((h) => h.hostname));
      unique(net.hosts.flatMap((h) => h.ip_addresses.map((a) => a.ip_address)));
      unique(net.hosts.flatMap((h) => (h.interfaces ?? []).map((i) => i.mac_address)));
      const owner = new Map<string, string>();
      const shared: string[] = [];
      for (const h of net.hosts)
        for (const mac of [
          h.mac,
          ...h.ip_addresses.map((a) => a.mac_address),
          ...(h.interfaces ?? []).map((i) => i.mac_address),
        ]) {
          if ((owner.get(mac) ?? h.name) !== h.name) shared.push(mac);
          owner.set(mac, h.name);
        }
      expect(shared).toEqual([]);
    });
  });

  it('observations the ingest takes (ObservationBatchDto, 5,000 hosts): identity consistent, services bound to ports of the catalogue', async () => {
    const net = network(profile, 5_000);
    const definitions = new Set(CATALOGUE.map((d) => d.name));
    for (const host of net.hosts) {
      expect(DEVICE_TYPES).toContain(host.device_type);
      for (const text of [host.vendor, host.model, host.os, host.location]) expect(text.length).toBeGreaterThan(0);
      if (['Switch', 'Router', 'Firewall'].includes(host.device_type)) expect(host.description).toContain(host.vendor);
      if (['Server', 'Hypervisor'].includes(host.device_type)) expect(host.description).toContain(host.os);
      for (const service of host.services) {
        expect(definitions).toContain(service.service_definition);
        expect(host.ports).toContainEqual(
          expect.objectContaining({ number: service.port, protocol: service.protocol ?? 'Tcp' }),
        );
      }
    }
    for (const batch of hostBatches(net.hosts, { hosts: 1000, bytes: 1_000_000, sizeOf: () => 1 })) {
      const body = {
        network_id: '3f2b8c1e-7d4a-4e6b-9a2f-5c1d8e7b6a40',
        observed_at: new Date().toISOString(),
        hosts: batch.hosts.map(toObservation),
      };
      const errors = await validate(plainToInstance(ObservationBatchDto, body), {
        whitelist: true,
        forbidNonWhitelisted: true,
      });
      expect(errors.map((e) => e.toString())).toEqual([]);
    }
  }, 60_000);
});

describe('seed profiles: their shapes', () => {
  afterEach(() => built.clear());

  it('campus: cores linked twice, each distribution switch to both cores, each access switch to both distribution switches of its building', () => {
    everySize('campus', (net) => {
      const links = adjacency(net);
      const typeOf = new Map(net.hosts.map((h) => [h.name, h.device_type]));
      const { check, done } = checker();
      check(links('hq-core-1').filter((l) => l.far === 'hq-core-2').length === 2, 'the cores are linked twice');
      for (const dist of named(net, /^bldg-[a-z]+-dist-\d$/))
        check(
          farSorted(links(dist.name).filter((l) => l.far.startsWith('hq-core-'))) === 'hq-core-1 hq-core-2',
          dist.name,
        );
      const access = named(net, /^bldg-[a-z]+-fl\d+-sw\d+$/);
      check(access.length >= 2, 'two access switches at least');
      for (const sw of access) {
        const building = /^bldg-[a-z]+/.exec(sw.name)![0];
        const up = links(sw.name).filter((l) => l.far.includes('-dist-'));
        check(farSorted(up) === `${building}-dist-1 ${building}-dist-2`, `${sw.name} uplinks`);
        check(up.map((l) => l.port).join() === 'TenGigabitEthernet1/1/1,TenGigabitEthernet1/1/2', `${sw.name} ports`);
        for (const l of links(sw.name).filter((l) => !l.far.includes('-dist-'))) {
          check(/^GigabitEthernet1\/0\/([1-9]|[1-3]\d|4[0-4])$/.test(l.port), `${sw.name} ${l.port}`);
          const lldp = ['Phone', 'AccessPoint'].includes(typeOf.get(l.far)!);
          check(l.via === (lldp ? 'lldp' : 'fdb'), `${l.far} by ${l.via}`);
        }
      }
      done();
    });
  });

  it('campus scaling: 50 hosts one building of 2 access switches; 100,000 hosts 31 buildings of at most 72 access switches, 6 a floor, 12 floors', () => {
    expect(campusPlan(50)).toMatchObject({ buildings: [[1, 1]], accessSwitches: 2, endpoints: 42 });
    const big = campusPlan(100_000);
    expect(big.buildings).toHaveLength(31);
    expect(big.accessSwitches).toBe(2221);
    for (const floors of big.buildings) {
      expect(floors.length).toBeLessThanOrEqual(12);
      expect(Math.max(...floors)).toBeLessThanOrEqual(6);
      expect(floors.reduce((a, b) => a + b)).toBeLessThanOrEqual(72);
    }
    expect(big.endpoints / big.accessSwitches).toBeLessThanOrEqual(44);
  });

  it('datacenter: every leaf uplinked once to every spine; servers, hypervisors and storage dual-homed to their rack pair; VMs without interfaces in their rack subnet', () => {
    everySize('datacenter', (net) => {
      const links = adjacency(net);
      const spines = named(net, /^dc1-spine-\d$/).map((h) => h.name);
      expect(spines.length).toBeGreaterThanOrEqual(2);
      expect(spines.length).toBeLessThanOrEqual(8);
      const { check, done } = checker();
      for (const leaf of named(net, /^dc1-b?leaf-/)) {
        const up = links(leaf.name).filter((l) => l.far.startsWith('dc1-spine-'));
        check(farSorted(up) === [...spines].sort().join(' '), `${leaf.name} to every spine once`);
        const peer = leaf.name.replace(/-([ab])$/, (_, side: string) => (side === 'a' ? '-b' : '-a'));
        const peerLink = links(leaf.name).filter((l) => l.far === peer);
        check(peerLink.map((l) => l.port).join() === 'Ethernet47,Ethernet48', `${leaf.name} peer link`);
      }
      let hypervisor = net.hosts[0];
      const slash22 = (h: SeedHost) => Math.floor(ipValue(h.ip_addresses[0].ip_address) / 1024);
      for (const host of net.hosts) {
        const rack = /-(r\d{3})-/.exec(host.name)?.[1];
        if (host.device_type === 'Hypervisor') hypervisor = host;
        if (host.device_type === 'VirtualMachine') {
          check(host.interfaces === undefined, `${host.name} has interfaces`);
          check(host.location === hypervisor.location, `${host.name} not beside ${hypervisor.name}`);
          check(slash22(host) === slash22(hypervisor), `${host.name} not in the subnet of ${hypervisor.name}`);
          check(
            host.virtualization?.host_ip === hypervisor.ip_addresses[0].ip_address,
            `${host.name} does not run on ${hypervisor.name}`,
          );
        } else if (['Server', 'Hypervisor', 'Storage'].includes(host.device_type)) {
          const own = links(host.name);
          check(farSorted(own) === `dc1-leaf-${rack}-a dc1-leaf-${rack}-b`, `${host.name} dual-homed`);
          check(new Set(own.map((l) => l.port)).size === 2, `${host.name} on two NICs`);
          check(
            own.every((l) => l.via === 'lldp'),
            `${host.name} by LLDP`,
          );
        }
      }
      done();
    });
    expect(datacenterPlan(50)).toMatchObject({ spines: 2, racks: [{ hypervisors: 3, servers: 1, storage: 0 }] });
    expect(datacenterPlan(100_000).spines).toBe(8);
    expect(datacenterPlan(100_000).racks).toHaveLength(178);
  });

  it('mixed: both campus cores linked to both DC border routers', () => {
    everySize('mixed', (net) => {
      const links = adjacency(net);
      for (const core of ['hq-core-1', 'hq-core-2'])
        expect(
          links(core)
            .filter((l) => l.far.startsWith('dc1-rtr-'))
            .map((l) => l.far)
            .sort(),
        ).toEqual(['dc1-rtr-1', 'dc1-rtr-2']);
    });
  });
});

describe('seed profiles: sending', () => {
  it('batches of at most 1,000 hosts and 1 MB in order; a first sending names only hosts already sent; the hosts held back go again, whole, at the end', () => {
    const net = generateNetwork('campus', 5_000);
    const sent = new Set<string>();
    const first: SeedHost[] = [];
    const again: SeedHost[] = [];
    const sizeOf = (host: SeedHost) => JSON.stringify(toObservation(host)).length;
    for (const batch of hostBatches(net.hosts, { hosts: 1000, bytes: 1_000_000, sizeOf })) {
      expect(batch.hosts.length).toBeLessThanOrEqual(1000);
      expect(batch.hosts.reduce((sum, h) => sum + sizeOf(h), 0)).toBeLessThanOrEqual(1_000_000);
      if (batch.again) {
        again.push(...batch.hosts);
        continue;
      }
      expect(again).toEqual([]);
      for (const host of batch.hosts) sent.add(host.mac);
      for (const host of batch.hosts)
        for (const port of host.interfaces ?? []) {
          if (port.lldp_chassis_id) expect(sent).toContain(port.lldp_chassis_id);
          for (const l of port.learned ?? []) expect(sent).toContain(l.mac_address);
        }
      first.push(...batch.hosts);
    }
    expect(first.map((h) => h.name)).toEqual(net.hosts.map((h) => h.name));
    expect(again.length).toBeGreaterThan(0);
    for (const host of again) expect(host).toBe(net.hosts.find((h) => h.name === host.name));
  });

  it('observations carry the description (sysDescr), and identity only while SEND_IDENTITY is true', () => {
    const host = generateNetwork('datacenter', 50).hosts[0];
    const identity = SEND_IDENTITY ? ['device_type', 'location', 'model', 'os', 'vendor'] : [];
    const fields = ['description', 'hostname', 'interfaces', 'ip_addresses', 'mac', 'name', 'ports', 'services'];
    expect(Object.keys(toObservation(host)).sort()).toEqual([...fields, ...identity].sort());
  });
});
