import { macBytes, octets, rows } from '../../../../test/support/snmp-rows';
import { type AgentInterface, agentInterfaces, localPortInterfaces } from './lldp-local-ports';

const [ALIAS, MAC, NAME, LOCAL] = [1, 3, 5, 7];

/** One lldpLocPortTable row: port number -> subtype, id, description. */
const port = (subtype: number, id: unknown, desc = '') => ({ 2: subtype, 3: id, 4: octets(desc) });

const CISCO: AgentInterface[] = [
  { ifIndex: 10101, name: 'Gi1/0/1', descr: 'GigabitEthernet1/0/1', alias: 'to dist-sw2', mac: '00:1a:2b:3c:4d:01' },
  { ifIndex: 10102, name: 'Gi1/0/2', descr: 'GigabitEthernet1/0/2', alias: 'printer', mac: '00:1a:2b:3c:4d:02' },
];
/** A Linux bridge as Debian's snmpd shows it: br0 carries the MAC of its member swp1. */
const LINUX_BRIDGE: AgentInterface[] = [
  { ifIndex: 1, name: 'lo', descr: 'lo' },
  { ifIndex: 4, name: 'br0', descr: 'br0', mac: '02:00:00:00:0a:01' },
  { ifIndex: 5, name: 'swp1', descr: 'swp1', mac: '02:00:00:00:0a:01' },
  { ifIndex: 6, name: 'swp2', descr: 'swp2', mac: '02:00:00:00:0a:02' },
];

describe('LLDP local ports to interfaces (lldpLocPortTable)', () => {
  it('interfaceName ids match ifName or ifDescr, whatever the port number', () => {
    const table = rows({ 1: port(NAME, octets('Gi1/0/1')), 2: port(NAME, octets('GigabitEthernet1/0/2')) });
    expect(localPortInterfaces(table, CISCO)).toEqual(
      new Map([
        [1, 10101],
        [2, 10102],
      ]),
    );
  });

  it('interfaceAlias ids match ifAlias', () => {
    expect(localPortInterfaces(rows({ 7: port(ALIAS, octets('printer')) }), CISCO)).toEqual(new Map([[7, 10102]]));
  });

  it('a MAC id that one interface has names it', () => {
    const table = rows({ 2: port(MAC, macBytes('00:1a:2b:3c:4d:02')) });
    expect(localPortInterfaces(table, CISCO)).toEqual(new Map([[2, 10102]]));
  });

  it('a MAC shared with the bridge never moves the port off its physical interface: the description decides', () => {
    // lldpd: port id = the port's MAC, description = its name; port numbers are ifIndexes.
    const table = rows({
      5: port(MAC, macBytes('02:00:00:00:0a:01'), 'swp1'),
      6: port(MAC, macBytes('02:00:00:00:0a:02'), 'swp2'),
    });
    expect(localPortInterfaces(table, LINUX_BRIDGE)).toEqual(
      new Map([
        [5, 5],
        [6, 6],
      ]),
    );
  });

  it('a shared MAC without a description is settled by the port number, else not guessed', () => {
    expect(localPortInterfaces(rows({ 5: port(MAC, macBytes('02:00:00:00:0a:01')) }), LINUX_BRIDGE)).toEqual(
      new Map([[5, 5]]),
    );
    expect(localPortInterfaces(rows({ 9: port(MAC, macBytes('02:00:00:00:0a:01')) }), LINUX_BRIDGE)).toEqual(new Map());
  });

  it('local ids hold a name or an ifIndex', () => {
    const table = rows({ 1: port(LOCAL, octets('10102')), 2: port(LOCAL, octets('Gi1/0/1')) });
    expect(localPortInterfaces(table, CISCO)).toEqual(
      new Map([
        [1, 10102],
        [2, 10101],
      ]),
    );
  });

  it('an id that matches nothing falls back to the description', () => {
    const table = rows({ 3: port(LOCAL, octets('port-3'), 'GigabitEthernet1/0/2') });
    expect(localPortInterfaces(table, CISCO)).toEqual(new Map([[3, 10102]]));
  });
});

describe('agentInterfaces', () => {
  it('reads names, alias and MAC from ifTable and ifXTable; empty texts are absent', () => {
    const ifTable = rows({ 5: { 2: octets('swp1'), 6: macBytes('02:00:00:00:0a:01') }, 7: { 2: octets('vlan10') } });
    const ifXTable = rows({ 5: { 1: octets('swp1'), 18: octets('') } });
    expect(agentInterfaces(ifTable, ifXTable)).toEqual([
      { ifIndex: 5, name: 'swp1', descr: 'swp1', alias: undefined, mac: '02:00:00:00:0a:01' },
      { ifIndex: 7, name: undefined, descr: 'vlan10', alias: undefined, mac: undefined },
    ]);
  });
});
