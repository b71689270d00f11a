import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Subnet, useSaveSubnet } from '../api';
import { subnetBodyOf, subnetFormOf } from '../forms';
import { FormDialogActions } from '../../../components/form-dialog-actions';

const FIELDS = ['cidr', 'name', 'description'];

export function SubnetDialog({
  networkId,
  subnet,
  onClose,
}: {
  networkId: string;
  subnet?: Subnet;
  onClose: () => void;
}) {
  const save = useSaveSubnet();
  const [form, setForm] = useState(() => subnetFormOf(subnet));
  const error = save.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: subnet?.id, body: subnetBodyOf(networkId, form) }, { onSuccess: onClose });
  };

  return (
    <ModalDialog title={subnet ? `Edit ${subnet.cidr}` : 'New subnet'} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="CIDR" hint="For example 192.168.1.0/24 or 2001:db8::/64" error={fieldError(error, 'cidr')}>
          <input
            className="mono"
            value={form.cidr}
            required
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setForm({ ...form, cidr: e.target.value })}
          />
        </Field>
        <Field label="Name" error={fieldError(error, 'name')}>
          <input value={form.name} maxLength={255} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </Field>
        <Field label="Description" error={fieldError(error, 'description')}>
          <textarea
            rows={3}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Field>
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions
          onCancel={onClose}
          pending={save.isPending}
          label={subnet ? 'Save subnet' : 'Create subnet'}
        />
      </form>
    </ModalDialog>
  );
}
