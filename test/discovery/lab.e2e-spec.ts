import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type Lab, snmpColumn, snmpGet, SSH_BANNER, startLab } from '../support/lab';

const SYS_NAME = '1.3.6.1.2.1.1.5.0';
const IF_NAME = '1.3.6.1.2.1.31.1.1.1.1';
const LLDP_LOC_PORT_DESC = '1.0.8802.1.1.2.1.3.7.1.4';
const LLDP_REM_SYS_NAME = '1.0.8802.1.1.2.1.4.1.1.9';
const IP_NET_TO_PHYSICAL_PHYS_ADDRESS = '1.3.6.1.2.1.4.35.1.4';
const DOT1D_BASE_PORT_IF_INDEX = '1.3.6.1.2.1.17.1.4.1.2';
const DOT1D_TP_FDB_PORT = '1.3.6.1.2.1.17.4.3.1.2';
const DOT1D_TP_FDB_STATUS = '1.3.6.1.2.1.17.4.3.1.3';
const DOT1Q_TP_FDB_PORT = '1.3.6.1.2.1.17.7.1.2.2.1.2';
const FDB_LEARNED = 3;
const DEFAULT_FDB_ID = 1;
const START_MS = 90_000;

const macText = (value: unknown) => [...(value as Buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
/** A MAC as a table index: six decimal sub-identifiers. */
const macIndex = (mac: string) =>
  mac
    .split(':')
    .map((byte) => parseInt(byte, 16))
    .join('.');

/** Sends `request` (if any) and collects what the service says until it closes or is quiet for 300 ms. */
function talk(address: string, port: number, request?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port }, () => request && socket.write(request));
    let said = '';
    socket.setTimeout(300, () => socket.end());
    socket.on('data', (data) => (said += data.toString('latin1')));
    socket.on('close', () => resolve(said));
    socket.on('error', reject);
  });
}

/** The lab's switch as the scanner in the root namespace sees it: through its SNMP agent only. */
describe('network lab', () => {
  let lab: Lab;

  beforeAll(async () => {
    lab = await startLab();
  }, START_MS);
  afterAll(() => lab?.close());

  it('answers SNMP as lab-sw on the switch uplink', async () => {
    expect(lab.snmp).toMatchObject({ address: '10.203.80.2', port: 161, version: '2c' });
    const values = await snmpGet(lab.snmp, [SYS_NAME]);
    expect(String(values.get(SYS_NAME))).toBe('lab-sw');
  });

  it('has exactly lab-h1 and lab-h2 as LLDP neighbours, on the local ports named swp1 and swp2', async () => {
    const remoteNames = await snmpColumn(lab.snmp, LLDP_REM_SYS_NAME);
    const portDescriptions = await snmpColumn(lab.snmp, LLDP_LOC_PORT_DESC);
    // lldpRemTable's index is lldpRemTimeMark.lldpRemLocalPortNum.lldpRemIndex.
    const neighbours = [...remoteNames].map(([index, name]) => [
      String(name),
      String(portDescriptions.get(index.split('.')[1])),
    ]);
    expect(neighbours.sort()).toEqual([
      ['lab-h1', 'swp1'],
      ['lab-h2', 'swp2'],
    ]);
  });

  it("has h3's MAC learned on swp3's bridge port (BRIDGE-MIB, Q-BRIDGE-MIB)", async () => {
    const h3 = macIndex(lab.hosts.h3.interface.mac);
    const bridgePort = (await snmpColumn(lab.snmp, DOT1D_TP_FDB_PORT)).get(h3);
    const ifIndex = (await snmpColumn(lab.snmp, DOT1D_BASE_PORT_IF_INDEX)).get(String(bridgePort));
    expect((await snmpColumn(lab.snmp, IF_NAME)).get(String(ifIndex))?.toString()).toBe('swp3');
    expect((await snmpColumn(lab.snmp, DOT1D_TP_FDB_STATUS)).get(h3)).toBe(FDB_LEARNED);
    expect((await snmpColumn(lab.snmp, DOT1Q_TP_FDB_PORT)).get(`${DEFAULT_FDB_ID}.${h3}`)).toBe(bridgePort);
  });

  it("has every host's MAC in ipNetToPhysicalTable, on br0", async () => {
    const macs = await snmpColumn(lab.snmp, IP_NET_TO_PHYSICAL_PHYS_ADDRESS);
    // Index: ifIndex.addressType(1 = ipv4).length(4).a.b.c.d
    const br0 = lab.switch.bridge.ifIndex;
    for (const host of Object.values(lab.hosts)) {
      expect(macText(macs.get(`${br0}.1.4.${host.address}`))).toBe(host.interface.mac);
    }
  });

  it('runs the services it documents on the hosts, reached through the switch', async () => {
    const { h1, h2, h3 } = lab.hosts;
    const listing = await talk(h1.address, h1.service.port, 'GET / HTTP/1.0\r\n\r\n');
    expect(listing).toMatch(/^HTTP\/1\.0 200 OK\r\nServer: SimpleHTTP/);
    expect(listing).toContain('docker-compose.yml');
    expect(await talk(h2.address, h2.service.port, 'PING\r\n')).toBe('+PONG\r\n');
    expect(await talk(h3.address, h3.service.port)).toBe(SSH_BANNER);
  });
});

describe('network lab teardown', () => {
  it(
    'leaves no namespace, link, process or file behind, and closes twice',
    async () => {
      const lab = await startLab();
      const pidDir = join(lab.dir, 'pids');
      const pids = readdirSync(pidDir).map((file) => Number(readFileSync(join(pidDir, file), 'utf8')));
      expect(pids.length).toBeGreaterThanOrEqual(7);

      await lab.close();
      await lab.close();
      expect(execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })).not.toContain(`nl${lab.tag}`);
      expect(execFileSync('ip', ['link'], { encoding: 'utf8' })).not.toContain(lab.scanner.link);
      expect(execFileSync('ip', ['route'], { encoding: 'utf8' })).not.toContain(lab.subnets.hosts);
      expect(pids.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
      expect(existsSync(lab.dir)).toBe(false);
    },
    START_MS,
  );
});
