import { describe, expect, it } from 'vitest';
import { describeProvenance, formatSpeed } from './format';

describe('formatSpeed', () => {
  it('reads bits per second as a person would', () => {
    expect(formatSpeed(1_000_000_000)).toBe('1 Gb/s');
    expect(formatSpeed(2_500_000_000)).toBe('2.5 Gb/s');
    expect(formatSpeed(100_000_000)).toBe('100 Mb/s');
    expect(formatSpeed(0)).toBe('unknown');
    expect(formatSpeed(undefined)).toBe('unknown');
  });
});

describe('describeProvenance', () => {
  it('explains each way a link is learnt, and passes unknown ones through', () => {
    expect(describeProvenance('lldp')).toMatch(/^LLDP/);
    expect(describeProvenance('fdb')).toMatch(/^FDB/);
    expect(describeProvenance('manual')).toBe('Drawn by hand');
    expect(describeProvenance('ospf')).toBe('ospf');
  });
});
