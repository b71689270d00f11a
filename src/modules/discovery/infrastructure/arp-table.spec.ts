import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArpTable, readArpTable } from './arp-table';

const SAMPLE = `IP address       HW type     Flags       HW address            Mask     Device
192.168.1.1      0x1         0x2         AA:BB:CC:00:11:22     *        eth0
192.168.1.7      0x1         0x0         00:00:00:00:00:00     *        eth0
192.168.1.9      0x1         0x6         b8:27:eb:12:34:56     *        eth0
`;

describe('ARP table', () => {
  it('keeps complete entries only, MACs in lower case', () => {
    expect([...parseArpTable(SAMPLE)]).toEqual([
      ['192.168.1.1', 'aa:bb:cc:00:11:22'],
      ['192.168.1.9', 'b8:27:eb:12:34:56'],
    ]);
  });

  it('reads a file, and is empty where the file is missing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'arp-')), 'arp');
    writeFileSync(path, SAMPLE);
    expect((await readArpTable(path)).get('192.168.1.9')).toBe('b8:27:eb:12:34:56');
    expect((await readArpTable(join(path, 'missing'))).size).toBe(0);
  });
});
