import { useId, useMemo, useState } from 'react';

export interface SearchEntry {
  id: string;
  label: string;
  kind: string;
}

const MAX_OPTIONS = 8;

/** Labels containing the text, those starting with it first. Pure. */
export function matchEntries<T extends SearchEntry>(entries: T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const hits = entries.filter((e) => e.label.toLowerCase().includes(needle));
  const starts = (e: T) => (e.label.toLowerCase().startsWith(needle) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || a.label.localeCompare(b.label)).slice(0, MAX_OPTIONS);
}

/** A combobox (ARIA 1.2 list autocomplete): type a label, arrows pick, Enter goes to the node. */
export function SearchBox<T extends SearchEntry>({ entries, onPick }: { entries: T[]; onPick: (entry: T) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = useMemo(() => matchEntries(entries, text), [entries, text]);
  const expanded = open && options.length > 0;

  const pick = (entry: T | undefined) => {
    if (!entry) return;
    setText(entry.label);
    setOpen(false);
    onPick(entry);
  };

  return (
    <div className="graph-search">
      <input
        type="search"
        role="combobox"
        aria-label="Find a node"
        placeholder="Find a node…"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded ? `${id}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(options[active] ?? options[0]);
          } else if (e.key === 'Escape' && expanded) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {expanded && (
        <ul id={`${id}-list`} role="listbox" aria-label="Matching nodes">
          {options.map((entry, i) => (
            <li
              key={entry.id}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(entry);
              }}
            >
              {entry.label} <span className="muted">{entry.kind}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
