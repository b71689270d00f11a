import { useEffect, useId, useMemo, useRef, useState } from 'react';

export interface SearchEntry {
  id: string;
  label: string;
  kind: string;
  /** What matched when it was not the label (an address, a MAC, a port). */
  detail?: string;
  /** Set on matches the server found that are not drawn yet: groups to open first. */
  open?: string[];
}

const MAX_OPTIONS = 8;
const REMOTE_DELAY_MS = 150;

/** Labels containing the text, those starting with it first. Pure. */
export function matchEntries<T extends SearchEntry>(entries: T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const hits = entries.filter((e) => e.label.toLowerCase().includes(needle));
  const starts = (e: T) => (e.label.toLowerCase().startsWith(needle) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || a.label.localeCompare(b.label)).slice(0, MAX_OPTIONS);
}

/**
 * A combobox (ARIA 1.2 list autocomplete): type a label, arrows pick, Enter goes to the node. With
 * `remote`, the whole network is searched too (addresses, MACs, ports, members of closed groups), and the
 * box says when nothing matched.
 */
export function SearchBox<T extends SearchEntry>({
  entries,
  onPick,
  remote,
}: {
  entries: T[];
  onPick: (entry: T) => void;
  remote?: (text: string) => Promise<T[]>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [found, setFound] = useState<{ text: string; entries: T[] } | null>(null);
  // Closing on blur waits so a click on an option lands first; typing again before then keeps the list open.
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keepOpen = () => clearTimeout(closing.current);
  useEffect(() => {
    const wanted = text.trim();
    if (!remote || !wanted) return;
    let live = true;
    const timer = setTimeout(() => {
      remote(wanted).then(
        (entries) => live && setFound({ text: wanted, entries }),
        () => live && setFound({ text: wanted, entries: [] }),
      );
    }, REMOTE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [remote, text]);
  const options = useMemo(() => {
    const local = matchEntries(entries, text);
    const more = found?.text === text.trim() ? found.entries.filter((f) => !local.some((l) => l.id === f.id)) : [];
    return [...local, ...more].slice(0, MAX_OPTIONS);
  }, [entries, text, found]);
  const expanded = open && options.length > 0;
  const nothing = open && !!remote && found?.text === text.trim() && text.trim() !== '' && options.length === 0;

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
        onFocus={keepOpen}
        onChange={(e) => {
          keepOpen();
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
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
              {entry.label} <span className="muted">{entry.detail ?? entry.kind}</span>
              {entry.open && entry.open.length > 0 && <span className="muted"> · in a closed group</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="graph-search-status" role="status">
        {nothing ? `Nothing matches “${text.trim()}”` : ''}
      </p>
    </div>
  );
}
