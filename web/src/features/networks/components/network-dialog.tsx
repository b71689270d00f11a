import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Network, type Tag, useSaveNetwork } from '../api';
import { networkBodyOf, networkFormOf } from '../forms';
import { TagChip } from './tag-chip';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = ['name', 'description', 'stale_after_hours', 'tags'];

/** Creates a network (no `network`) or edits one; closes itself when saved. */
export function NetworkDialog({ network, tags, onClose }: { network?: Network; tags: Tag[]; onClose: () => void }) {
  const save = useSaveNetwork();
  const [form, setForm] = useState(() => networkFormOf(network));
  const error = save.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: network?.id, body: networkBodyOf(form) }, { onSuccess: onClose });
  };
  const toggleTag = (id: string) =>
    setForm({ ...form, tags: form.tags.includes(id) ? form.tags.filter((t) => t !== id) : [...form.tags, id] });

  return (
    <ModalDialog title={network ? `Edit ${network.name}` : 'New network'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Name" error={fieldError(error, 'name')}>
          <input
            value={form.name}
            required
            maxLength={255}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field>
        <Field label="Description" error={fieldError(error, 'description')}>
          <textarea
            rows={3}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Field>
        <Field
          label="Stale after (hours)"
          hint="Hosts unseen for this long are marked stale. Empty: 672 hours (28 days)."
          error={fieldError(error, 'stale_after_hours')}
        >
          <input
            type="number"
            min={1}
            max={87600}
            inputMode="numeric"
            value={form.staleAfterHours}
            onChange={(e) => setForm({ ...form, staleAfterHours: e.target.value })}
          />
        </Field>
        {tags.length > 0 && (
          <fieldset className="checkbox-group">
            <legend>Tags</legend>
            {tags.map((tag) => (
              <label key={tag.id}>
                <input type="checkbox" checked={form.tags.includes(tag.id)} onChange={() => toggleTag(tag.id)} />
                <TagChip tag={tag} />
              </label>
            ))}
            {fieldError(error, 'tags') && <small className="field-error">{fieldError(error, 'tags')}</small>}
          </fieldset>
        )}
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions
          onCancel={onClose}
          pending={save.isPending}
          label={network ? 'Save network' : 'Create network'}
        />
      </form>
    </ModalDialog>
  );
}
