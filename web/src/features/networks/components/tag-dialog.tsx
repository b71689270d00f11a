import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Tag, useSaveTag } from '../api';
import { TAG_COLORS, tagBodyOf, tagFormOf } from '../forms';
import { TagChip } from './tag-chip';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = ['name', 'color'];

export function TagDialog({ tag, onClose }: { tag?: Tag; onClose: () => void }) {
  const save = useSaveTag();
  const [form, setForm] = useState(() => tagFormOf(tag));
  const error = save.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: tag?.id, body: tagBodyOf(form) }, { onSuccess: onClose });
  };

  return (
    <ModalDialog title={tag ? `Edit tag ${tag.name}` : 'New tag'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Tag name" error={fieldError(error, 'name')}>
          <input
            value={form.name}
            required
            maxLength={255}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field>
        <fieldset className="color-picker">
          <legend>Colour</legend>
          {TAG_COLORS.map((color) => (
            <label key={color} className="color-option" data-color={color} title={color}>
              <input
                type="radio"
                name="tag-color"
                value={color}
                checked={form.color === color}
                onChange={() => setForm({ ...form, color })}
              />
              <span className="tag-dot" aria-hidden="true" />
              <span className="visually-hidden">{color}</span>
            </label>
          ))}
        </fieldset>
        <p className="muted">
          Preview: <TagChip tag={{ name: form.name || 'Tag', color: form.color ?? 'Gray' }} />
        </p>
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions onCancel={onClose} pending={save.isPending} label={tag ? 'Save tag' : 'Create tag'} />
      </form>
    </ModalDialog>
  );
}
