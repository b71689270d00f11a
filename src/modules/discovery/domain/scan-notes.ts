import type { ScanNote } from './diagnostic';
import type { SnmpFacts } from './snmp';

/** What SNMP said about an address: answered (and what it holds), or why not. */
export function snmpNote(address: string, tried: number, facts: SnmpFacts | undefined): ScanNote {
  if (tried === 0)
    return {
      topic: 'snmp',
      message: `no SNMP credential applies to ${address}: assign one to the network or to this host`,
    };
  if (!facts) return { topic: 'snmp', message: `no SNMP credential answered on ${address} (${tried} tried)` };
  const count = (test: (i: SnmpFacts['interfaces'][number]) => unknown) => facts.interfaces.filter(test).length;
  const learnt = (via: string) => facts.interfaces.flatMap((i) => i.learned ?? []).filter((l) => l.via === via).length;
  return {
    topic: 'snmp',
    message:
      `SNMP answered on ${address} as ${facts.sys_name || 'a device without a name'}: ${facts.interfaces.length} interfaces, ` +
      `${count((i) => i.lldp_sys_name || i.lldp_chassis_id)} LLDP and ${count((i) => i.cdp_device_id)} CDP neighbours, ` +
      `${learnt('fdb')} MACs in its bridge table, ${facts.arp.length} ARP entries`,
  };
}

/** Where an address's MAC comes from: this machine's ARP table, the device's own interface, a router's ARP table. */
export function macOf(
  address: string,
  localArp: ReadonlyMap<string, string>,
  snmp: ReadonlyMap<string, SnmpFacts>,
): { mac: string; note: ScanNote } | undefined {
  const local = localArp.get(address);
  if (local) return { mac: local, note: { topic: 'mac', message: `MAC ${local} from this scanner's ARP table` } };
  const own = snmp.get(address)?.interfaces.find((i) => i.ip_address === address)?.mac_address;
  if (own) return { mac: own, note: { topic: 'mac', message: `MAC ${own} from its own SNMP interface` } };
  for (const [agent, facts] of [...snmp].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const entry = facts.arp.find((e) => e.ip_address === address);
    if (entry)
      return {
        mac: entry.mac_address,
        note: {
          topic: 'mac',
          message: `MAC ${entry.mac_address} from the ARP table of ${facts.sys_name || agent} (${agent})`,
        },
      };
  }
  return undefined;
}

/** Why an address that shows nothing is recorded all the same. */
export function silentNote(address: string, portsScanned: number): ScanNote {
  return {
    topic: 'mac',
    message: `no port open on ${address} among the ${portsScanned} scanned; recorded because an ARP table holds it`,
  };
}
