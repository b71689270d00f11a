import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Credential, useHostChoices, useNetworkChoices, useSaveCredential, useTagChoices } from '../api';
import {
  AUTH_PROTOCOLS,
  type CredentialKind,
  KIND_LABELS,
  PRIV_PROTOCOLS,
  type SecurityLevel,
  credentialBodyOf,
  credentialFormOf,
} from '../forms';
import { SecretField } from './secret-field';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = [
  'name',
  'description',
  'credential_type.type',
  'credential_type.community',
  'credential_type.security_name',
  'credential_type.auth_password',
  'credential_type.priv_password',
  'credential_type.context_name',
  'credential_type.security_level',
  'credential_type.auth_protocol',
  'credential_type.priv_protocol',
  'assigned_network_ids',
  'host_assignments',
];

interface CredentialDialogProps {
  credential?: Credential;
  organizationId: string;
  onClose: () => void;
}

export function CredentialDialog({ credential, organizationId, onClose }: CredentialDialogProps) {
  const save = useSaveCredential();
  const networks = useNetworkChoices();
  const tags = useTagChoices();
  const [form, setForm] = useState(() => credentialFormOf(credential));
  const [showHosts, setShowHosts] = useState(Object.keys(form.hosts).length > 0);
  const hosts = useHostChoices(showHosts);
  const error = save.error;
  const err = (field: string) => fieldError(error, field);
  const sameType = credential?.credential_type.type === form.kind;
  const v3 = credential?.credential_type.type === 'SnmpV3' ? credential.credential_type : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: credential?.id, body: credentialBodyOf(form, organizationId, credential) },
      { onSuccess: onClose },
    );
  };
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const toggleHost = (id: string) => {
    const next = { ...form.hosts };
    if (id in next) delete next[id];
    else next[id] = null;
    setForm({ ...form, hosts: next });
  };

  return (
    <ModalDialog title={credential ? `Edit ${credential.name}` : 'New credential'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate autoComplete="off">
        <Field label="Name" error={err('name')}>
          <input
            value={form.name}
            required
            maxLength={255}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </Field>
        <Field label="Description" error={err('description')}>
          <textarea
            rows={2}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Field>
        <Field label="Type" error={err('credential_type.type')}>
          <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as CredentialKind })}>
            {(Object.keys(KIND_LABELS) as CredentialKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>

        {form.kind !== 'SnmpV3' ? (
          <SecretField
            label="Community"
            value={form.community}
            stored={sameType}
            error={err('credential_type.community')}
            onChange={(community) => setForm({ ...form, community })}
          />
        ) : (
          <>
            <div className="form-grid">
              <Field label="Security name" error={err('credential_type.security_name')}>
                <input
                  value={form.securityName}
                  autoComplete="off"
                  onChange={(e) => setForm({ ...form, securityName: e.target.value })}
                />
              </Field>
              <Field label="Security level" error={err('credential_type.security_level')}>
                <select
                  value={form.securityLevel}
                  onChange={(e) => setForm({ ...form, securityLevel: e.target.value as SecurityLevel })}
                >
                  <option value="noAuthNoPriv">noAuthNoPriv (no authentication)</option>
                  <option value="authNoPriv">authNoPriv (authentication)</option>
                  <option value="authPriv">authPriv (authentication and privacy)</option>
                </select>
              </Field>
            </div>
            {form.securityLevel !== 'noAuthNoPriv' && (
              <>
                <Field label="Authentication protocol" error={err('credential_type.auth_protocol')}>
                  <select
                    value={form.authProtocol}
                    onChange={(e) => setForm({ ...form, authProtocol: e.target.value })}
                  >
                    {AUTH_PROTOCOLS.map((p) => (
                      <option key={p}>{p}</option>
                    ))}
                  </select>
                </Field>
                <SecretField
                  label="Authentication password"
                  value={form.authPassword}
                  stored={sameType && !!v3?.auth_password}
                  error={err('credential_type.auth_password')}
                  onChange={(authPassword) => setForm({ ...form, authPassword })}
                />
              </>
            )}
            {form.securityLevel === 'authPriv' && (
              <>
                <Field label="Privacy protocol" error={err('credential_type.priv_protocol')}>
                  <select
                    value={form.privProtocol}
                    onChange={(e) => setForm({ ...form, privProtocol: e.target.value })}
                  >
                    {PRIV_PROTOCOLS.map((p) => (
                      <option key={p}>{p}</option>
                    ))}
                  </select>
                </Field>
                <SecretField
                  label="Privacy password"
                  value={form.privPassword}
                  stored={sameType && !!v3?.priv_password}
                  error={err('credential_type.priv_password')}
                  onChange={(privPassword) => setForm({ ...form, privPassword })}
                />
              </>
            )}
            <Field label="Context name" hint="Optional" error={err('credential_type.context_name')}>
              <input value={form.contextName} onChange={(e) => setForm({ ...form, contextName: e.target.value })} />
            </Field>
          </>
        )}

        <fieldset className="checkbox-group">
          <legend>Networks it is used on</legend>
          {networks.data?.items.length === 0 && <span className="muted">No networks yet.</span>}
          {networks.data?.items.map((n) => (
            <label key={n.id}>
              <input
                type="checkbox"
                checked={form.networkIds.includes(n.id)}
                onChange={() => setForm({ ...form, networkIds: toggle(form.networkIds, n.id) })}
              />
              {n.name}
            </label>
          ))}
          {err('assigned_network_ids') && <small className="field-error">{err('assigned_network_ids')}</small>}
        </fieldset>

        {showHosts ? (
          <fieldset className="checkbox-group">
            <legend>Hosts it is used on (every address)</legend>
            {hosts.isPending && <span className="muted">Loading hosts…</span>}
            {hosts.data?.items.length === 0 && <span className="muted">No hosts yet.</span>}
            {hosts.data?.items.map((h) => (
              <label key={h.id}>
                <input type="checkbox" checked={h.id in form.hosts} onChange={() => toggleHost(h.id)} />
                {h.name}
                <span className="muted mono">{h.ip_addresses?.[0]?.ip_address}</span>
              </label>
            ))}
            {err('host_assignments') && <small className="field-error">{err('host_assignments')}</small>}
          </fieldset>
        ) : (
          <button type="button" className="link-button align-start" onClick={() => setShowHosts(true)}>
            Assign to individual hosts…
          </button>
        )}

        {(tags.data?.items.length ?? 0) > 0 && (
          <fieldset className="checkbox-group">
            <legend>Tags</legend>
            {tags.data?.items.map((t) => (
              <label key={t.id}>
                <input
                  type="checkbox"
                  checked={form.tags.includes(t.id)}
                  onChange={() => setForm({ ...form, tags: toggle(form.tags, t.id) })}
                />
                {t.name}
              </label>
            ))}
          </fieldset>
        )}

        <FormError error={error} fields={FIELDS} />
        <FormDialogActions
          onCancel={onClose}
          pending={save.isPending}
          label={credential ? 'Save credential' : 'Create credential'}
        />
      </form>
    </ModalDialog>
  );
}
