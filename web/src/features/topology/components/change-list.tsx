import { changeSection, type ChangeEntry } from '../../../lib/graph';

const SECTIONS = ['Hosts', 'Links', 'Services', 'Other'] as const;

/** What changed between the two instants, by section; a click selects the item on the graph. */
export function ChangeList({ changes, onSelectId }: { changes: ChangeEntry[]; onSelectId: (id: string) => void }) {
  const counts = { added: 0, removed: 0, changed: 0 };
  changes.forEach((c) => counts[c.change]++);
  return (
    <section className="change-list" aria-label="Changes">
      <h2>Changes</h2>
      <p className="change-counts">
        <span className="badge added">{counts.added} added</span>{' '}
        <span className="badge removed">{counts.removed} removed</span>{' '}
        <span className="badge changed">{counts.changed} changed</span>
      </p>
      {changes.length === 0 && <p className="muted">Nothing changed in this view between the two instants.</p>}
      {SECTIONS.map((section) => {
        const entries = changes.filter((c) => changeSection(c) === section);
        if (!entries.length) return null;
        return (
          <div key={section}>
            <h3>{section}</h3>
            <ul className="inspector-list">
              {entries.map((c) => (
                <li key={c.id} data-change={c.change}>
                  <span className={`badge ${c.change}`}>{c.change}</span>{' '}
                  <button type="button" className="link-button" onClick={() => onSelectId(c.id)}>
                    {c.label}
                  </button>{' '}
                  <span className="muted">
                    {c.kind}
                    {c.fields.length > 0 && `: ${c.fields.join(', ')}`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
