import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { roleAtLeast } from '../../../components/roles';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { type Tag, useDeleteTag } from '../api';
import { TagChip } from './tag-chip';
import { TagDialog } from './tag-dialog';

interface TagsSectionProps {
  role: string | undefined;
  tags: UseQueryResult<{ items: Tag[] }>;
}

/** The organization's tags: Members create them, Admins rename, recolour and delete them. */
export function TagsSection({ role, tags }: TagsSectionProps) {
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const canCreate = roleAtLeast(role, 'Member');
  const canEdit = roleAtLeast(role, 'Admin');

  return (
    <section aria-labelledby="tags-heading" className="section">
      <header className="section-header">
        <h2 id="tags-heading">Tags</h2>
        {canCreate && (
          <button type="button" onClick={() => setEditing('new')}>
            New tag
          </button>
        )}
      </header>
      {tags.isPending ? (
        <Loading label="Loading tags" />
      ) : tags.error ? (
        <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />
      ) : tags.data.items.length === 0 ? (
        <EmptyState title="No tags yet">Tags label networks, hosts and credentials, e.g. “Production”.</EmptyState>
      ) : (
        <ul className="tag-list">
          {tags.data.items.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
              {canEdit && (
                <>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setEditing(tag)}
                    aria-label={`Edit tag ${tag.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="link-button danger"
                    onClick={() => {
                      remove.reset();
                      setDeleting(tag);
                    }}
                    aria-label={`Delete tag ${tag.name}`}
                  >
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && <TagDialog tag={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete tag ${deleting.name}?`}
          confirmLabel="Delete tag"
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          The tag is taken off every network, host and credential, history included.
        </ConfirmDialog>
      )}
    </section>
  );
}
