import { lldpId, mac, PORT_SUBTYPE, type Rows, text } from './snmp-values';

/** What identifies one interface of the agent (IF-MIB ifTable + ifXTable). */
export interface AgentInterface {
  ifIndex: number;
  name?: string;
  descr?: string;
  alias?: string;
  mac?: string;
}

export function agentInterfaces(ifRows: Rows, ifXRows: Rows): AgentInterface[] {
  const indexes = [...new Set([...ifRows.keys(), ...ifXRows.keys()])].map(Number).sort((a, b) => a - b);
  return indexes.map((ifIndex) => {
    const row = ifRows.get(String(ifIndex));
    const x = ifXRows.get(String(ifIndex));
    return {
      ifIndex,
      name: text(x?.get(1)) || undefined,
      descr: text(row?.get(2)) || undefined,
      alias: text(x?.get(18)) || undefined,
      mac: mac(row?.get(6)),
    };
  });
}

const byName = (name: string | undefined, fields: ('name' | 'descr' | 'alias')[]) => (i: AgentInterface) =>
  !!name && fields.some((field) => i[field] === name);

/**
 * The candidates a port id points at, by its subtype: a name or alias names one interface; a MAC may be
 * shared (a Linux bridge, a VLAN interface or an SVI carries a member port's MAC); local and other
 * subtypes hold whatever the agent chose, most often the name or the ifIndex.
 */
function byPortId(subtype: unknown, id: string, interfaces: AgentInterface[]): AgentInterface[] {
  switch (subtype) {
    case PORT_SUBTYPE.name:
      return interfaces.filter(byName(id, ['name', 'descr']));
    case PORT_SUBTYPE.alias:
      return interfaces.filter(byName(id, ['alias', 'name', 'descr']));
    case PORT_SUBTYPE.mac:
      return interfaces.filter((i) => i.mac === id);
    default:
      return interfaces.filter((i) => byName(id, ['name', 'descr', 'alias'])(i) || String(i.ifIndex) === id);
  }
}

/**
 * LLDP's local port numbers as ifIndexes, from lldpLocPortTable. The port id is matched by its subtype;
 * where it fits several interfaces (a shared MAC), lldpLocPortDesc and then the port number decide, and a
 * port that stays ambiguous is never guessed. Ports without a row or a match keep their number, which
 * most agents (lldpd, Net-SNMP, Cisco, Arista) make equal to the ifIndex.
 */
export function localPortInterfaces(locPorts: Rows, interfaces: AgentInterface[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const [index, row] of locPorts) {
    const port = Number(index);
    const id = lldpId(row.get(2), row.get(3), PORT_SUBTYPE);
    const desc = text(row.get(4)) || undefined;
    let candidates = id ? byPortId(row.get(2), id, interfaces) : [];
    if (candidates.length !== 1) {
      const pool = candidates.length > 1 ? candidates : interfaces;
      const described = pool.filter(byName(desc, ['name', 'descr', 'alias']));
      candidates = described.length > 0 ? described : candidates;
    }
    if (candidates.length > 1) candidates = candidates.filter((i) => i.ifIndex === port);
    if (candidates.length === 1) out.set(port, candidates[0].ifIndex);
  }
  return out;
}
