import type { Tag } from '../api';

/** A tag's name on its colour (the palette of networks.css, readable in both themes). */
export function TagChip({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span className="tag-chip" data-color={tag.color}>
      <span className="tag-dot" aria-hidden="true" />
      {tag.name}
    </span>
  );
}
