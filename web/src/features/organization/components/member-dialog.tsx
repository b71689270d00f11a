import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Member, useNetworkChoices, useSaveMember } from '../api';
import { type RoleName, grantableRoles } from '../forms';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = ['name', 'email', 'role', 'password', 'network_ids'];

/** Adds a member (with a first password) or changes one's name, role and network grants. */
export function MemberDialog({
  member,
  callerRole,
  onClose,
}: {
  member?: Member;
  callerRole?: string;
  onClose: () => void;
}) {
  const save = useSaveMember();
  const networks = useNetworkChoices();
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [role, setRole] = useState<RoleName>(member?.role ?? 'Member');
  const [password, setPassword] = useState('');
  const [networkIds, setNetworkIds] = useState<string[]>(member?.network_ids ?? []);
  const error = save.error;
  const grantsMatter = role === 'Member' || role === 'Viewer';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      email: email.trim(),
      role,
      network_ids: grantsMatter ? networkIds : [],
      ...(password && { password }),
    };
    save.mutate({ id: member?.id, body: member ? body : { ...body, password } }, { onSuccess: onClose });
  };
  const toggle = (id: string) =>
    setNetworkIds(networkIds.includes(id) ? networkIds.filter((n) => n !== id) : [...networkIds, id]);

  return (
    <ModalDialog title={member ? `Edit ${member.name}` : 'Add a member'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Full name" error={fieldError(error, 'name')}>
          <input value={name} required autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Email" error={fieldError(error, 'email')}>
          <input type="email" value={email} required autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field
          label="Role"
          hint="Viewers read, Members write inventory on their networks, Admins manage the organization."
          error={fieldError(error, 'role')}
        >
          <select value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
            {grantableRoles(callerRole).map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        {grantsMatter ? (
          <fieldset className="checkbox-group">
            <legend>Networks they can access</legend>
            {networks.data?.items.length === 0 && <span className="muted">No networks yet.</span>}
            {networks.data?.items.map((n) => (
              <label key={n.id}>
                <input type="checkbox" checked={networkIds.includes(n.id)} onChange={() => toggle(n.id)} />
                {n.name}
              </label>
            ))}
            {fieldError(error, 'network_ids') && (
              <small className="field-error">{fieldError(error, 'network_ids')}</small>
            )}
          </fieldset>
        ) : (
          <p className="muted">Admins and Owners reach every network.</p>
        )}
        <Field
          label={member ? 'New password' : 'First password'}
          hint={member ? 'Leave empty to keep their password.' : 'At least 10 characters; share it with them safely.'}
          error={fieldError(error, 'password')}
        >
          <input
            type="password"
            autoComplete="new-password"
            minLength={10}
            required={!member}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions onCancel={onClose} pending={save.isPending} label={member ? 'Save member' : 'Add member'} />
      </form>
    </ModalDialog>
  );
}
