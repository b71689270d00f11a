import { type FormEvent, useState } from 'react';
import { ApiError, describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { type Network, type Share, useSaveShare } from '../api';
import {
  bodyOf,
  emptyForm,
  formOf,
  OPTION_LABELS,
  type OptionName,
  type ShareForm,
  VIEW_LABELS,
  VIEWS,
} from '../share-form';
import { Dialog } from './dialog';

/** A field's validation message, or the first one about one of its items (allowed_domains.1). */
function messageOf(error: ApiError | undefined, field: string): string | undefined {
  if (!error) return undefined;
  const errors = Array.isArray(error.params.errors)
    ? (error.params.errors as { field: string; message: string }[])
    : [];
  return error.fieldMessage(field) ?? errors.find((e) => e.field.startsWith(`${field}.`))?.message;
}

/** Create or edit a share: network, name, views, options, password, expiry, embedding domains. */
export function ShareFormDialog({
  share,
  networks,
  onClose,
}: {
  share?: Share;
  networks: Network[];
  onClose: (saved?: Share) => void;
}) {
  const editing = !!share;
  const save = useSaveShare();
  const [form, setForm] = useState<ShareForm>(() => (share ? formOf(share) : emptyForm(networks[0]?.id)));
  const [viewsError, setViewsError] = useState<string>();
  const error = save.error instanceof ApiError ? save.error : undefined;
  const set = <K extends keyof ShareForm>(key: K, value: ShareForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const toggleView = (view: (typeof VIEWS)[number], on: boolean) =>
    set('enabled_views', on ? [...form.enabled_views, view] : form.enabled_views.filter((v) => v !== view));
  const toggleOption = (name: OptionName, on: boolean) => set('options', { ...form.options, [name]: on });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.enabled_views.length === 0) {
      setViewsError('Choose at least one view');
      return;
    }
    setViewsError(undefined);
    save.mutate({ id: share?.id, body: bodyOf(form, editing) }, { onSuccess: (saved) => onClose(saved) });
  };

  return (
    <Dialog title={editing ? `Edit share “${share.name}”` : 'New share'} onClose={() => onClose()}>
      <form onSubmit={submit} className="form share-form" noValidate>
        <Field
          label="Network"
          hint={editing ? 'A share keeps its network' : undefined}
          error={messageOf(error, 'network_id')}
        >
          <select
            required
            disabled={editing}
            value={form.network_id}
            onChange={(e) => set('network_id', e.target.value)}
          >
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name" error={messageOf(error, 'name')}>
          <input required value={form.name} onChange={(e) => set('name', e.target.value)} />
        </Field>

        <fieldset className="share-choices" aria-describedby={viewsError ? 'share-views-error' : undefined}>
          <legend>Views people can open</legend>
          {VIEWS.map((view) => (
            <label key={view}>
              <input
                type="checkbox"
                checked={form.enabled_views.includes(view)}
                onChange={(e) => toggleView(view, e.target.checked)}
              />{' '}
              {VIEW_LABELS[view]}
            </label>
          ))}
          {(viewsError ?? messageOf(error, 'enabled_views')) && (
            <small id="share-views-error" className="field-error">
              {viewsError ?? messageOf(error, 'enabled_views')}
            </small>
          )}
        </fieldset>

        <fieldset className="share-choices">
          <legend>On the shared page</legend>
          {(Object.keys(OPTION_LABELS) as OptionName[]).map((name) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={form.options[name]}
                onChange={(e) => toggleOption(name, e.target.checked)}
              />{' '}
              {OPTION_LABELS[name]}
            </label>
          ))}
        </fieldset>

        <Field
          label={share?.requires_password ? 'New password' : 'Password'}
          hint={
            share?.requires_password
              ? 'Leave empty to keep the current password'
              : 'Optional: people must enter it before they see the map'
          }
          error={messageOf(error, 'password')}
        >
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            disabled={form.removePassword}
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        {share?.requires_password && (
          <label className="share-check">
            <input
              type="checkbox"
              checked={form.removePassword}
              onChange={(e) => set('removePassword', e.target.checked)}
            />{' '}
            Remove the password (anyone with the link can open it)
          </label>
        )}

        <Field label="Expires" hint="Leave empty: never expires" error={messageOf(error, 'expires_at')}>
          <input type="datetime-local" value={form.expires_at} onChange={(e) => set('expires_at', e.target.value)} />
        </Field>

        <Field
          label="Sites that may embed it"
          hint="Host names, one per line (wiki.example.com). Only these sites can show the share in an iframe; leave empty to allow none."
          error={messageOf(error, 'allowed_domains')}
        >
          <textarea
            rows={3}
            spellCheck={false}
            value={form.allowed_domains}
            onChange={(e) => set('allowed_domains', e.target.value)}
          />
        </Field>

        <label className="share-check">
          <input type="checkbox" checked={form.is_enabled} onChange={(e) => set('is_enabled', e.target.checked)} />{' '}
          Enabled (the link works)
        </label>

        {save.error && error?.code !== 'validation_failed' && (
          <p className="form-error" role="alert">
            {describeError(save.error)}
          </p>
        )}
        {error?.code === 'validation_failed' && (
          <p className="form-error" role="alert">
            Some fields need attention.
          </p>
        )}
        <div className="share-dialog-actions">
          <button type="button" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create share'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
