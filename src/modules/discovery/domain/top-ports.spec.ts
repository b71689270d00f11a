import { parsePortRanges, TOP_1000_PORTS, TOP_100_PORTS } from './top-ports';

describe('nmap top ports', () => {
  it('holds 100 and 1000 distinct TCP ports, the first set inside the second', () => {
    expect(TOP_100_PORTS).toHaveLength(100);
    expect(TOP_1000_PORTS).toHaveLength(1000);
    expect(new Set(TOP_100_PORTS).size).toBe(100);
    expect(new Set(TOP_1000_PORTS).size).toBe(1000);
    const top1000 = new Set(TOP_1000_PORTS);
    expect(TOP_100_PORTS.filter((port) => !top1000.has(port))).toEqual([]);
    expect([...TOP_1000_PORTS].every((port) => Number.isInteger(port) && port >= 1 && port <= 65535)).toBe(true);
  });

  it('contains the ports everybody scans first', () => {
    for (const port of [21, 22, 23, 25, 53, 80, 110, 139, 143, 443, 445, 3306, 3389, 5900, 8080])
      expect(TOP_100_PORTS).toContain(port);
    for (const port of [161, 636, 1521, 5432, 9200]) expect(TOP_1000_PORTS).toContain(port);
  });

  it('reads nmap range notation', () => {
    expect(parsePortRanges('1,3-4,6-7')).toEqual([1, 3, 4, 6, 7]);
  });
});
