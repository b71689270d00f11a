import type { LabelOf } from '../path';

/** The chosen services in order, each movable, removable and (for a hub and spokes) made the hub. */
export function MemberList(props: {
  type: 'RequestPath' | 'HubAndSpoke';
  ids: readonly string[];
  label: LabelOf;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onMakeHub: (index: number) => void;
  disabled?: boolean;
}) {
  const { type, ids, label, onMove, onRemove, onMakeHub, disabled } = props;
  if (ids.length === 0)
    return (
      <p className="muted">
        {type === 'RequestPath'
          ? 'No service chosen yet: add them in the order a request passes through them.'
          : 'No service chosen yet: the first one added is the hub.'}
      </p>
    );
  return (
    <ol className="dependency-members" aria-label="Chosen services">
      {ids.map((id, i) => {
        const name = label(id);
        const role = type === 'HubAndSpoke' ? (i === 0 ? 'Hub' : 'Spoke') : `${i + 1}`;
        return (
          <li key={id}>
            <span className={`badge dependency-role${i === 0 && type === 'HubAndSpoke' ? ' is-hub' : ''}`}>{role}</span>
            <span className="mono dependency-member-label">{name}</span>
            <span className="dependency-member-actions">
              <button
                type="button"
                disabled={disabled || i === 0}
                onClick={() => onMove(i, i - 1)}
                aria-label={`Move ${name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={disabled || i === ids.length - 1}
                onClick={() => onMove(i, i + 1)}
                aria-label={`Move ${name} down`}
              >
                ↓
              </button>
              {type === 'HubAndSpoke' && i > 0 && (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onMakeHub(i)}
                  aria-label={`Make ${name} the hub`}
                >
                  Make hub
                </button>
              )}
              <button
                type="button"
                className="danger"
                disabled={disabled}
                onClick={() => onRemove(i)}
                aria-label={`Remove ${name}`}
              >
                Remove
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
