import type { TenantContext } from '../../../common/auth/tenant-context';
import type { L2Summary } from '../domain/first-frame';
import { bySubnet, summarise } from '../domain/l2-summary';
import type { L2SummaryReader } from '../domain/l2-summary.port';

/** The summary of a network's L2 view (first-frame.ts): its links and hosts, then its unlinked hosts' subnets. */
export async function readSummary(
  reader: L2SummaryReader,
  ctx: TenantContext,
  networkId: string,
  at: Date | null,
): Promise<L2Summary> {
  const { summary, unlinked } = summarise(await reader.rows(ctx, networkId, at));
  const firstSubnets = await reader.firstSubnets(
    ctx,
    networkId,
    at,
    unlinked.map((h) => h.id),
  );
  return { ...summary, unlinked: bySubnet(unlinked, firstSubnets) };
}
