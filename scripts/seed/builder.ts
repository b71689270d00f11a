import type { Model } from './models';
import { type Listener, servicesOf } from './services';
import type { SeedHost, SeedInterface, SeedNetwork, SeedSubnet } from './types';

/** A host being built, with the model it is and its management address. */
export interface Device {
  host: SeedHost;
  model: Model;
  ip: string;
}

/** Port n of one of a device's port groups (model.ports). */
export interface End {
  device: Device;
  group: string;
  n: number;
}

const hex = (byte: number) => (byte & 255).toString(16).padStart(2, '0');

/** The address `offset` places after `base` (a dotted IPv4 address). */
export function ipPlus(base: string, offset: number): string {
  const value = base.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0) + offset;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/**
 * Builds one network's hosts in order, deterministically: MACs are counted per vendor OUI, ports are named
 * by their model, and each link writes both of its ends (LLDP on each end when both run it, else the
 * switch port's learnt MAC).
 */
export class NetworkBuilder {
  private readonly hosts: SeedHost[] = [];
  private readonly subnets: SeedSubnet[] = [];
  private readonly macCounts = new Map<string, number>();
  private readonly plugged = new Set<string>();

  subnet(cidr: string, name: string): void {
    this.subnets.push({ cidr, name });
  }

  private mac(oui: string): string {
    const n = (this.macCounts.get(oui) ?? 0) + 1;
    if (n > 0xffffff) throw new Error(`out of MACs in ${oui}`);
    this.macCounts.set(oui, n);
    return `${oui}:${hex(n >> 16)}:${hex(n >> 8)}:${hex(n)}`;
  }

  add(
    model: Model,
    fields: { name: string; domain: string; ip: string; location: string; os?: string; listeners?: Listener[] },
  ): Device {
    const mac = this.mac(model.oui);
    const host: SeedHost = {
      name: fields.name,
      hostname: `${fields.name}.${fields.domain}`,
      mac,
      ...(model.sysDescr && { description: model.sysDescr }),
      device_type: model.device_type,
      vendor: model.vendor,
      model: model.model,
      os: fields.os ?? model.os,
      location: fields.location,
      ip_addresses: [{ ip_address: fields.ip, mac_address: mac }],
      ...servicesOf(fields.listeners ?? model.listeners),
      ...(Object.keys(model.ports).length > 0 && { interfaces: [] }),
    };
    this.hosts.push(host);
    return { host, model, ip: fields.ip };
  }

  /** One more address of a device, on its own MAC (a switch's interface in a VLAN it routes). */
  address(device: Device, ip: string): void {
    device.host.ip_addresses.push({ ip_address: ip, mac_address: device.host.mac });
  }

  /** A port in use with nothing known on its far end (a router's line to its provider). */
  plug(end: End, speed_bps = this.group(end).speed_bps): SeedInterface {
    const { device, group, n } = end;
    const ports = this.group(end);
    if (n < 1 || n > ports.count) throw new Error(`${device.model.model} has no ${group} port ${n}`);
    const key = `${device.host.name}|${group}|${n}`;
    if (this.plugged.has(key)) throw new Error(`${device.host.name} ${ports.name(n)} is cabled twice`);
    this.plugged.add(key);
    const firstNic = !device.model.chassis && n === 1;
    const port: SeedInterface = {
      if_index: ports.ifIndexBase + n,
      if_name: ports.name(n),
      if_type: 6,
      speed_bps,
      admin_status: 'Up',
      oper_status: 'Up',
      mac_address: firstNic ? device.host.mac : this.mac(device.model.oui),
      ...(firstNic && { ip_address: device.ip }),
    };
    device.host.interfaces!.push(port);
    return port;
  }

  /** A cable between two ports, at the speed of the slower one. */
  link(a: End, b: End): void {
    const speed = Math.min(this.group(a).speed_bps, this.group(b).speed_bps);
    const [portA, portB] = [this.plug(a, speed), this.plug(b, speed)];
    const lldp = (end: End) => end.device.model.capabilities !== undefined;
    if (lldp(a) && lldp(b)) {
      Object.assign(portA, claim(b.device, portB));
      Object.assign(portB, claim(a.device, portA));
      return;
    }
    const [bridge, port, far] = a.device.model.device_type === 'Switch' ? [a, portA, portB] : [b, portB, portA];
    if (bridge.device.model.device_type !== 'Switch')
      throw new Error(`${a.device.host.name} - ${b.device.host.name}: no LLDP and no switch`);
    port.learned = [{ mac_address: far.mac_address, via: 'fdb' }];
  }

  /** The network, each host's interfaces in ifIndex order (as an SNMP walk reads them). */
  build(): SeedNetwork {
    for (const host of this.hosts) host.interfaces?.sort((x, y) => x.if_index - y.if_index);
    return { subnets: this.subnets, hosts: this.hosts };
  }

  private group(end: End) {
    const ports = end.device.model.ports[end.group];
    if (!ports) throw new Error(`${end.device.model.model} has no port group ${end.group}`);
    return ports;
  }
}

/** What a port's LLDP neighbour announces: the fields discovery reads into the near port. */
function claim(far: Device, farPort: SeedInterface): Partial<SeedInterface> {
  return {
    lldp_chassis_id: far.host.mac,
    lldp_port_id: farPort.if_name,
    lldp_sys_name: far.host.name,
    lldp_sys_desc: far.model.sysDescr,
    lldp_mgmt_addr: far.ip,
    neighbor_capabilities: [...(far.model.capabilities ?? [])],
  };
}
