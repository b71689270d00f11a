import { Link } from 'react-router';
import type { RunView, FoundHost } from '../run-state';
import type { LiveSource } from '../use-live-run';

/** The hosts the scan found, as the stream announced them (before they are recorded). */
export function FoundHosts({
  hosts,
  view,
  source,
}: {
  hosts: readonly FoundHost[];
  view: RunView;
  source: LiveSource;
}) {
  return (
    <section className="card" aria-labelledby="found-title">
      <h2 id="found-title">Hosts found</h2>
      {view.status === 'completed' && view.progress.targets_total > view.progress.hosts_found && (
        <p className="muted discovery-small">
          {view.progress.targets_total - view.progress.hosts_found} of {view.progress.targets_total} addresses showed no
          open port among those scanned and are not recorded (an address that refuses every port, as loopback and some
          routers do, is not a host).
        </p>
      )}
      {hosts.length === 0 ? (
        <p className="muted">
          {!view.ended
            ? 'Hosts appear here once the scan of every address is over.'
            : view.progress.hosts_found > 0 && source === 'polling'
              ? `${view.progress.hosts_found} ${view.progress.hosts_found === 1 ? 'host was' : 'hosts were'} found (this page followed the run without its event stream, which lists them). `
              : view.status === 'completed'
                ? 'No address showed an open port among those scanned (addresses that refuse every port are not recorded). Check the targets, the ports and the diagnostics below.'
                : 'Nothing was recorded: a run that did not complete ingests nothing.'}
          {view.ended && view.progress.hosts_found > 0 && <Link to="/hosts">See the hosts</Link>}
        </p>
      ) : (
        <div className="table-wrap">
          <table aria-label="Hosts found">
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Name</th>
                <th scope="col">MAC</th>
                <th scope="col">Open ports</th>
                <th scope="col">SNMP</th>
              </tr>
            </thead>
            <tbody>
              {hosts.map((h) => (
                <tr key={h.ip_address}>
                  <td className="mono">{h.ip_address}</td>
                  <td>{h.hostname ?? '—'}</td>
                  <td className="mono">
                    {h.mac_address ?? '—'}
                    {h.vendor && <span className="muted"> {h.vendor}</span>}
                  </td>
                  <td>
                    {h.ports.length === 0
                      ? '—'
                      : h.ports.map((port, i) => (
                          <span key={port} className="badge discovery-port">
                            {port}
                            {h.services[i] ? ` ${h.services[i]}` : ''}
                          </span>
                        ))}
                  </td>
                  <td>{h.snmp ? 'answered' : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
