import ipaddr from 'ipaddr.js';
import type { FieldError } from '../../../common/errors/app-error';

/** At most this many addresses in one run. */
export const MAX_ADDRESSES = 65_536;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const toBigInt = (address: Address): bigint => address.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
const fromBigInt = (n: bigint, kind: 'ipv4' | 'ipv6'): string => {
  const length = kind === 'ipv4' ? 4 : 16;
  const bytes = Array.from({ length }, (_, i) => Number((n >> BigInt(8 * (length - 1 - i))) & 255n));
  return ipaddr.fromByteArray(bytes).toString();
};

type Range = { first: bigint; last: bigint; kind: 'ipv4' | 'ipv6' };

/** A target as [first, last] of one address family: `10.0.0.5`, `10.0.0.0/24` or `10.0.0.10-10.0.0.20`. */
function rangeOf(target: string): Range | undefined {
  try {
    if (target.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(target);
      const bits = address.kind() === 'ipv4' ? 32 : 128;
      const first = toBigInt(address) & ~((1n << BigInt(bits - prefix)) - 1n);
      return { first, last: first + (1n << BigInt(bits - prefix)) - 1n, kind: address.kind() };
    }
    const [from, to = from] = target.split('-').map((part) => ipaddr.parse(part.trim()));
    if (from.kind() !== to.kind() || toBigInt(to) < toBigInt(from)) return undefined;
    return { first: toBigInt(from), last: toBigInt(to), kind: from.kind() };
  } catch {
    return undefined;
  }
}

/**
 * Expands run targets into addresses, refusing anything outside the network's subnets or outside the
 * allowed CIDRs (DISCOVERY_ALLOWED_CIDRS), and more than MAX_ADDRESSES in all. Errors name the target.
 */
export function expandTargets(
  targets: readonly string[],
  subnets: readonly string[],
  allowed: readonly string[],
): { addresses: string[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const addresses = new Set<string>();
  // Compared as numbers: parsing every CIDR again for each of up to 65,536 addresses took seconds.
  const subnetRanges = subnets.map(rangeOf).filter((range) => range !== undefined);
  const allowedRanges = allowed.map(rangeOf).filter((range) => range !== undefined);
  const within = (ranges: Range[], n: bigint, kind: Range['kind']) =>
    ranges.some((range) => range.kind === kind && range.first <= n && n <= range.last);
  targets.forEach((target, i) => {
    const field = `targets[${i}]`;
    const range = rangeOf(target);
    if (!range)
      return errors.push({ field, rule: 'target', message: `${target} is not an IP address, CIDR or range a-b` });
    if (range.last - range.first + 1n > BigInt(MAX_ADDRESSES)) {
      return errors.push({
        field,
        rule: 'max_addresses',
        message: `${target} holds more than ${MAX_ADDRESSES} addresses`,
      });
    }
    for (let n = range.first; n <= range.last && addresses.size <= MAX_ADDRESSES; n++) {
      const address = fromBigInt(n, range.kind);
      if (!within(subnetRanges, n, range.kind)) {
        return errors.push({ field, rule: 'in_subnets', message: `${address} is in no subnet of the network` });
      }
      if (!within(allowedRanges, n, range.kind)) {
        return errors.push({ field, rule: 'allowed', message: `${address} is outside DISCOVERY_ALLOWED_CIDRS` });
      }
      addresses.add(address);
    }
  });
  if (addresses.size > MAX_ADDRESSES)
    errors.push({
      field: 'targets',
      rule: 'max_addresses',
      message: `a run covers at most ${MAX_ADDRESSES} addresses`,
    });
  return { addresses: [...addresses], errors };
}
