import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/states';
import { useServiceSearch } from '../api';
import type { ServiceOption } from '../path';

/** Searches the network's hosts and lists their services; "Add" puts one at the end of the chain. */
export function ServicePicker(props: {
  networkId: string;
  chosen: readonly string[];
  onAdd: (service: ServiceOption) => void;
  disabled?: boolean;
}) {
  const { networkId, chosen, onAdd, disabled } = props;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useServiceSearch(networkId, search);

  return (
    <div className="dependency-picker">
      <label className="dependency-picker-search">
        <span>Find services</span>
        <input
          type="search"
          value={text}
          disabled={disabled || !networkId}
          placeholder={networkId ? 'Host name, address or service…' : 'Choose a network first'}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {!networkId ? null : results.isPending ? (
        <p className="muted" role="status">
          Searching…
        </p>
      ) : results.error ? (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.length === 0 ? (
        <p className="muted" role="status">
          {search ? `No service on a host matching "${search}".` : 'No host of this network has services yet.'}
        </p>
      ) : (
        <ul className="dependency-results" aria-label="Services found" aria-busy={results.isFetching}>
          {results.data.map((s) => {
            const added = chosen.includes(s.id);
            return (
              <li key={s.id}>
                <span className="dependency-result-label">
                  <strong className="mono">{s.label}</strong>{' '}
                  <span className="muted">
                    {s.serviceName} · {s.definition}
                  </span>
                </span>
                <button
                  type="button"
                  disabled={added || disabled}
                  onClick={() => onAdd(s)}
                  aria-label={`Add ${s.label}`}
                >
                  {added ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
