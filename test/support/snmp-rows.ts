import type { Rows } from '../../src/modules/discovery/infrastructure/snmp-values';

/** Agent data for unit tests: index -> column -> value, as a walk would return it. */
export const rows = (table: Record<string, Record<number, unknown>>): Rows =>
  new Map(
    Object.entries(table).map(([index, row]) => [index, new Map(Object.entries(row).map(([c, v]) => [Number(c), v]))]),
  );

export const macBytes = (text: string): Buffer => Buffer.from(text.split(':').map((b) => parseInt(b, 16)));
export const octets = (text: string): Buffer => Buffer.from(text, 'latin1');
