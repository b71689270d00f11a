import { canonicalCidr, cidrContains, isIpAddress } from './cidr';

describe('cidr', () => {
  it('accepts network addresses with a prefix, v4 and v6, in canonical form', () => {
    expect(canonicalCidr('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(canonicalCidr(' 192.168.1.0/24 ')).toBe('192.168.1.0/24');
    expect(canonicalCidr('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(canonicalCidr('2001:db8:0:0::/64')).toBe('2001:db8::/64');
  });

  it('refuses host bits, missing or wrong prefixes and garbage', () => {
    for (const bad of [
      '192.168.1.5/24',
      '10.0.0.0',
      '10.0.0.0/33',
      '2001:db8::1/32',
      'x/8',
      '',
      '300.1.1.0/24',
      '192.168.010.0/24',
      '0xa.0.0.0/8',
      '167772160/8',
    ]) {
      expect(canonicalCidr(bad)).toBeUndefined();
    }
  });

  it('tells whether an address lies in a range', () => {
    expect(cidrContains('192.168.1.0/24', '192.168.1.77')).toBe(true);
    expect(cidrContains('192.168.1.0/24', '192.168.2.1')).toBe(false);
    expect(cidrContains('2001:db8::/32', '2001:db8::5')).toBe(true);
    expect(cidrContains('2001:db8::/32', '10.0.0.1')).toBe(false);
  });

  it('knows an IP address when it sees one', () => {
    expect(isIpAddress('10.1.2.3')).toBe(true);
    expect(isIpAddress('fe80::1')).toBe(true);
    expect(isIpAddress('10.1.2')).toBe(false);
    expect(isIpAddress('host.example')).toBe(false);
  });
});
