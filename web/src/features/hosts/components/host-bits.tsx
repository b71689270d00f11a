import { formatDateTime } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import type { Tag } from '../api';
import { TAG_COLORS } from '../format';

export function StaleBadge({ stale }: { stale: boolean }) {
  if (!stale) return null;
  return (
    <span className="badge stale hosts-stale" title="Discovery has not seen this host within its network's window">
      Stale
    </span>
  );
}

/** A host's tags as coloured chips; ids without a known tag (deleted since) are left out. */
export function TagChips({ ids, tags }: { ids: readonly string[]; tags: ReadonlyMap<string, Tag> }) {
  const known = ids.map((id) => tags.get(id)).filter((t): t is Tag => Boolean(t));
  if (!known.length) return null;
  return (
    <ul className="hosts-tags" aria-label="Tags">
      {known.map((tag) => (
        <li key={tag.id} className="hosts-tag">
          <span className="hosts-tag-dot" style={{ background: TAG_COLORS[tag.color] ?? TAG_COLORS.Gray }} />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

/** Says the page shows a past instant, with the way back to live data. */
export function AtBanner({ at }: { at: string | null }) {
  const [, update] = useUrlState();
  if (!at) return null;
  return (
    <div className="hosts-at-banner" role="status" aria-label="Time travel">
      <span>
        Showing <strong>{formatDateTime(at)}</strong> <span className="muted">— the inventory as it was then</span>
      </span>
      <button type="button" onClick={() => update({ at: null })}>
        Back to now
      </button>
    </div>
  );
}
