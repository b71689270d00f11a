import { useRef } from 'react';
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
  const list = useRef<HTMLOListElement>(null);
  // A moved member keeps the keyboard focus: on the same arrow, or the other one once it reached an end.
  const move = (id: string, from: number, to: number) => {
    onMove(from, to);
    requestAnimationFrame(() => {
      const item = [...(list.current?.children ?? [])].find((el) => el.getAttribute('data-member') === id);
      const same = item?.querySelector<HTMLButtonElement>(`button[data-dir="${to < from ? 'up' : 'down'}"]`);
      const other = item?.querySelector<HTMLButtonElement>(`button[data-dir="${to < from ? 'down' : 'up'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  if (ids.length === 0)
    return (
      <p className="muted">
        {type === 'RequestPath'
          ? 'No service chosen yet: add them in the order a request passes through them.'
          : 'No service chosen yet: the first one added is the hub.'}
      </p>
    );
  return (
    <ol className="dependency-members" aria-label="Chosen services" ref={list}>
      {ids.map((id, i) => {
        const name = label(id);
        const role = type === 'HubAndSpoke' ? (i === 0 ? 'Hub' : 'Spoke') : `${i + 1}`;
        return (
          <li key={id} data-member={id}>
            <span className={`badge dependency-role${i === 0 && type === 'HubAndSpoke' ? ' is-hub' : ''}`}>{role}</span>
            <span className="mono dependency-member-label">{name}</span>
            <span className="dependency-member-actions">
              <button
                type="button"
                disabled={disabled || i === 0}
                data-dir="up"
                onClick={() => move(id, i, i - 1)}
                aria-label={`Move ${name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={disabled || i === ids.length - 1}
                data-dir="down"
                onClick={() => move(id, i, i + 1)}
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
