import ipaddr from 'ipaddr.js';

/** A CIDR in canonical form, or undefined when it is not a network address with a prefix (v4 or v6). */
export function canonicalCidr(text: string): string | undefined {
  const [address] = text.trim().split('/');
  // ipaddr.js reads 010 as octal and 0xa as hex; people and PostgreSQL mean four decimal parts.
  if (!address.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(address)) return undefined;
  try {
    const [address, prefix] = ipaddr.parseCIDR(text.trim());
    const network =
      address.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(text.trim())
        : ipaddr.IPv6.networkAddressFromCIDR(text.trim());
    if (network.toString() !== address.toString()) return undefined;
    return `${network.toString()}/${prefix}`;
  } catch {
    return undefined;
  }
}

/** Whether an IP address text lies inside a canonical CIDR. */
export function cidrContains(cidr: string, ip: string): boolean {
  try {
    const address = ipaddr.parse(ip);
    const range = ipaddr.parseCIDR(cidr);
    return address.kind() === range[0].kind() && address.match(range);
  } catch {
    return false;
  }
}

export const isIpAddress = (text: string): boolean =>
  ipaddr.isValid(text) && (ipaddr.IPv4.isValidFourPartDecimal(text) || text.includes(':'));
