/** Version bookkeeping every write moves: not a change anyone made. */
const BOOKKEEPING = new Set(['updated_at', 'valid_from', 'valid_to', 'lineage_id']);

/**
 * The fields of an update that changed, before and after; the rest is left out. A field compares by its
 * JSON form, so dates and nested objects compare by value.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...fields].filter(
    (field) => !BOOKKEEPING.has(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
  };
}
