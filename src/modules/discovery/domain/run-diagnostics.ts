import type { LinkDiagnostic } from '../../inventory';
import type { RunDiagnostic } from './diagnostic';
import type { FoundHost } from './observed-host';

/**
 * A run's diagnostics, host by host: what the scan noted of each found address, then how the ingest drew
 * (or did not draw) each link. `host_ids` are the ingest's, in the order of `found`.
 */
export function runDiagnostics(
  found: readonly FoundHost[],
  ingested: { host_ids: string[]; diagnostics: LinkDiagnostic[] },
): RunDiagnostic[] {
  const addressOf = new Map(found.map((host, i) => [ingested.host_ids[i], host.address]));
  return [
    ...found.flatMap((host, i) =>
      (host.notes ?? []).map((note) => ({ host_id: ingested.host_ids[i], address: host.address, ...note })),
    ),
    ...ingested.diagnostics.map(({ host_id, topic, message }) => ({
      host_id,
      address: addressOf.get(host_id) ?? null,
      topic,
      message,
    })),
  ];
}
