import { Link } from 'react-router';
import { ErrorState } from '../../../components/states';
import type { RunDiagnostic } from '../api';
import { type FoundHost, groupDiagnostics } from '../run-state';

interface DiagnosticsPanelProps {
  /** Every diagnostic of the run so far (for the host filter's choices). */
  all: readonly RunDiagnostic[];
  /** Those to show (all, or one host's). */
  shown: readonly RunDiagnostic[];
  hosts: readonly FoundHost[];
  hostFilter: string;
  onHostFilter: (key: string) => void;
  ended: boolean;
  error?: unknown;
  onRetry?: () => void;
}

const TOPICS: Record<RunDiagnostic['topic'], string> = {
  snmp: 'SNMP',
  mac: 'MAC',
  lldp: 'LLDP',
  cdp: 'CDP',
  fdb: 'Bridge table',
  arp: 'ARP',
};

/** What was tried on each host and what came of it, grouped by host and filterable by host. */
export function DiagnosticsPanel(props: DiagnosticsPanelProps) {
  const { all, shown, hosts, hostFilter, onHostFilter, ended, error, onRetry } = props;
  const choices = groupDiagnostics(all);
  const groups = groupDiagnostics(shown);
  const nameOf = (address: string | null) => hosts.find((h) => h.ip_address === address)?.hostname;

  return (
    <section className="card discovery-diagnostics" aria-labelledby="diagnostics-title">
      <div className="discovery-section-head">
        <h2 id="diagnostics-title">Diagnostics by host</h2>
        <label className="discovery-inline-label">
          Host{' '}
          <select value={hostFilter} onChange={(e) => onHostFilter(e.target.value)} disabled={choices.length === 0}>
            <option value="">All hosts ({choices.length})</option>
            {choices.map((g) => (
              <option key={g.key} value={g.hostId ?? ''} disabled={!g.hostId}>
                {g.address ?? g.hostId?.slice(0, 8)}
                {nameOf(g.address) ? ` · ${nameOf(g.address)}` : ''} ({g.items.length})
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : groups.length === 0 ? (
        <p className="muted">
          {ended
            ? 'This run recorded no diagnostics. They explain SNMP answers and how links were learnt; a run without SNMP has few.'
            : 'Diagnostics arrive after the scan, when its results are recorded.'}
        </p>
      ) : (
        <ul className="discovery-diag-groups">
          {groups.map((g) => (
            <li key={g.key} className="discovery-diag-group">
              <h3>
                {g.hostId ? (
                  <Link to={`/hosts/${g.hostId}`}>{g.address ?? g.hostId.slice(0, 8)}</Link>
                ) : (
                  <span>{g.address ?? 'Unknown address'}</span>
                )}
                {nameOf(g.address) && <span className="muted"> {nameOf(g.address)}</span>}
                {!g.hostId && <span className="badge">not recorded</span>}
              </h3>
              <ul className="discovery-diag-lines">
                {g.items.map((d, i) => (
                  <li key={i}>
                    <span className={`badge discovery-topic topic-${d.topic}`}>{TOPICS[d.topic] ?? d.topic}</span>{' '}
                    <span>{d.message}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
