import ipaddr from 'ipaddr.js';
import { cidrContains } from '../../../common/net/cidr';

/**
 * Whether a webhook may be delivered to an address: public unicast addresses only (no loopback,
 * link-local, private, unique-local, multicast, reserved ...), unless an allowed CIDR names it.
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function deliverableAddress(ip: string, allowedCidrs: readonly string[]): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  const text = address.toString();
  if (allowedCidrs.some((cidr) => cidrContains(cidr, text))) return true;
  return address.range() === 'unicast';
}

/** Why a URL is refused, or undefined when its form is acceptable (its addresses are checked apart). */
export function urlFormProblem(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the URL must be http or https';
  if (url.username || url.password) return 'the URL must not carry credentials';
  return undefined;
}
