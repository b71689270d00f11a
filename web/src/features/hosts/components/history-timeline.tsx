import { Link } from 'react-router';
import type { HostVersion, Network } from '../api';
import { buildTimeline, deletedAt } from '../history';

interface Props {
  hostId: string;
  versions: HostVersion[];
  /** The instant the page shows (null: now): the version holding it is marked. */
  at: string | null;
  networks: Network[];
}

/** Versions can be seconds apart: the timeline shows seconds. */
const instant = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const formatInstant = (iso: string) => instant.format(new Date(iso));

const holds = (v: HostVersion, at: string | null) => {
  if (!at) return v.valid_to === null;
  const t = new Date(at).getTime();
  return new Date(v.valid_from).getTime() <= t && (v.valid_to === null || t < new Date(v.valid_to).getTime());
};

/** Every version of the host, newest first; each opens the detail as of that version. */
export function HistoryTimeline({ hostId, versions, at, networks }: Props) {
  if (!versions.length) return <p className="muted">No versions recorded.</p>;
  const entries = buildTimeline(versions);
  const deleted = deletedAt(versions);
  const networkName = (id: string) => networks.find((n) => n.id === id)?.name ?? id;
  return (
    <ol className="hosts-timeline" aria-label="Versions, newest first">
      {deleted && (
        <li className="hosts-timeline-item deleted">
          <span className="hosts-timeline-dot" aria-hidden="true" />
          <div className="hosts-timeline-body">
            <time dateTime={deleted}>{formatInstant(deleted)}</time>
            <p className="hosts-timeline-title">Deleted</p>
          </div>
        </li>
      )}
      {entries.map((entry) => {
        const current = holds(entry.version, at);
        const to = `/hosts/${hostId}${entry.at ? `?at=${encodeURIComponent(entry.at)}` : ''}`;
        return (
          <li
            key={entry.version.id + entry.version.valid_from}
            className={`hosts-timeline-item ${entry.kind}${current ? ' current' : ''}`}
          >
            <span className="hosts-timeline-dot" aria-hidden="true" />
            <div className="hosts-timeline-body">
              <div className="hosts-timeline-head">
                <Link to={to} aria-current={current ? 'true' : undefined} className="hosts-timeline-link">
                  <time dateTime={entry.version.valid_from}>{formatInstant(entry.version.valid_from)}</time>
                </Link>
                {entry.live && <span className="badge">Current</span>}
                {current && at && <span className="badge hosts-viewing">Viewing</span>}
              </div>
              {entry.kind === 'created' ? (
                <p className="hosts-timeline-title">Created as “{entry.version.name}”</p>
              ) : entry.changes.length === 0 ? (
                <p className="hosts-timeline-title muted">No change to the host’s own fields</p>
              ) : (
                <ul className="hosts-changes">
                  {entry.changes.map((c) => {
                    const show = (value: string) => (c.field === 'network_id' ? networkName(value) : value);
                    return (
                      <li key={c.field}>
                        <span className="hosts-change-field">{c.label}</span>{' '}
                        <del className="hosts-change-before">{show(c.before) || 'empty'}</del>
                        <span aria-hidden="true"> → </span>
                        <span className="hosts-sr-only"> changed to </span>
                        <ins className="hosts-change-after">{show(c.after) || 'empty'}</ins>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
