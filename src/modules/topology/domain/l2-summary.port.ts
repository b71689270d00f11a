import type { TenantContext } from '../../../common/auth/tenant-context';
import type { ReadPlan, WholeHosts } from './first-frame';
import type { NetworkState } from './graph';
import type { L2Rows } from './l2-summary';

/** What the grouped L2Physical view of a big network is drawn from (first-frame.ts), live or as of an instant. */
export interface L2SummaryReader {
  /** A few columns of every host and interface. */
  rows(ctx: TenantContext, networkId: string, at: Date | null): Promise<L2Rows>;
  /** The subnet of each host's first address (as groups.ts picks it; null: none). */
  firstSubnets(
    ctx: TenantContext,
    networkId: string,
    at: Date | null,
    hostIds: string[],
  ): Promise<Map<string, string | null>>;
  /**
   * The hosts, addresses and interfaces that may match a text find.ts looks for (every one that does, and
   * possibly more), with the hosts of those addresses and interfaces.
   */
  search(
    ctx: TenantContext,
    networkId: string,
    at: Date | null,
    needles: { needle: string; macNeedle: string },
  ): Promise<Pick<NetworkState, 'hosts' | 'ip_addresses' | 'interfaces'>>;
  /** These hosts and interfaces whole, the hosts' addresses, and every subnet. */
  readWhole(ctx: TenantContext, networkId: string, at: Date | null, plan: ReadPlan): Promise<WholeHosts>;
}

export const L2_SUMMARY_READER = Symbol('L2_SUMMARY_READER');
