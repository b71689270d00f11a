import { readFile } from 'node:fs/promises';

const INCOMPLETE = '00:00:00:00:00:00';

/** IP -> MAC of complete entries in Linux's /proc/net/arp text (only hosts on a directly attached segment). */
export function parseArpTable(text: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of text.split('\n').slice(1)) {
    const [ip, , flags, mac] = line.trim().split(/\s+/);
    if (!ip || !mac || mac === INCOMPLETE || (Number.parseInt(flags, 16) & 0x2) === 0) continue;
    table.set(ip, mac.toLowerCase());
  }
  return table;
}

/** The kernel's neighbour table after a scan has touched the hosts; empty where there is none (not Linux). */
export async function readArpTable(path = '/proc/net/arp'): Promise<Map<string, string>> {
  try {
    return parseArpTable(await readFile(path, 'utf8'));
  } catch {
    return new Map();
  }
}
