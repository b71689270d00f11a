import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import {
  type ApiKey,
  type ApiKeyWithSecret,
  type KeyPermission,
  useCreateKey,
  useNetworkChoices,
  useUpdateKey,
} from '../api';
import { EMPTY_KEY_FORM, keyBodyOf, keyFormOf, permissionsFor } from '../forms';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = ['name', 'permissions', 'network_ids', 'expires_at'];

interface KeyDialogProps {
  role: string | undefined;
  /** Editing this key (its secret stays as it is); without it, a new key. */
  apiKey?: ApiKey;
  onCreated: (key: ApiKeyWithSecret) => void;
  onClose: () => void;
}

/** Creates a key (then shows its secret once) or edits one's name, permissions, networks and expiry. */
export function KeyDialog({ role, apiKey, onCreated, onClose }: KeyDialogProps) {
  const create = useCreateKey();
  const update = useUpdateKey();
  const networks = useNetworkChoices();
  const [form, setForm] = useState(() => (apiKey ? keyFormOf(apiKey) : EMPTY_KEY_FORM));
  const mutation = apiKey ? update : create;
  const error = mutation.error;
  const today = new Date().toISOString().slice(0, 10);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey) update.mutate({ id: apiKey.id, body: keyBodyOf(form) }, { onSuccess: onClose });
    else create.mutate(keyBodyOf(form), { onSuccess: onCreated });
  };
  const toggle = (id: string) =>
    setForm({
      ...form,
      networkIds: form.networkIds.includes(id) ? form.networkIds.filter((n) => n !== id) : [...form.networkIds, id],
    });

  return (
    <ModalDialog title={apiKey ? `Edit ${apiKey.name}` : 'New API key'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Key name" hint="What uses it, e.g. “Grafana exporter”" error={fieldError(error, 'name')}>
          <input
            value={form.name}
            required
            maxLength={255}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field>
        <Field
          label="Permissions"
          hint="Never more than your own role. Viewer reads; Member writes inventory; Admin manages the organization."
          error={fieldError(error, 'permissions')}
        >
          <select
            value={form.permissions}
            onChange={(e) => setForm({ ...form, permissions: e.target.value as KeyPermission })}
          >
            {permissionsFor(role).map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </Field>
        <fieldset className="checkbox-group column">
          <legend>Networks</legend>
          <label>
            <input
              type="radio"
              name="key-scope"
              checked={form.scope === 'all'}
              onChange={() => setForm({ ...form, scope: 'all' })}
            />
            Every network I can access (now and later)
          </label>
          <label>
            <input
              type="radio"
              name="key-scope"
              checked={form.scope === 'some'}
              onChange={() => setForm({ ...form, scope: 'some' })}
            />
            Only these networks:
          </label>
          {form.scope === 'some' && (
            <div className="key-networks">
              {networks.data?.items.length === 0 && <span className="muted">No networks yet.</span>}
              {networks.data?.items.map((n) => (
                <label key={n.id}>
                  <input type="checkbox" checked={form.networkIds.includes(n.id)} onChange={() => toggle(n.id)} />
                  {n.name}
                </label>
              ))}
            </div>
          )}
          {fieldError(error, 'network_ids') && (
            <small className="field-error">{fieldError(error, 'network_ids')}</small>
          )}
        </fieldset>
        <Field
          label="Expires on"
          hint="Optional: the key stops working at the end of this day."
          error={fieldError(error, 'expires_at')}
        >
          <input
            type="date"
            min={today}
            value={form.expiresOn}
            onChange={(e) => setForm({ ...form, expiresOn: e.target.value })}
          />
        </Field>
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions onCancel={onClose} pending={mutation.isPending} label={apiKey ? 'Save key' : 'Create key'} />
      </form>
    </ModalDialog>
  );
}
