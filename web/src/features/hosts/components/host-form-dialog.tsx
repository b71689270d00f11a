import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { fieldError, FormError } from '../../../components/form-error';
import { ModalDialog } from '../../../components/modal-dialog';
import { type Network, type Subnet, type Tag, useSubnets } from '../api';
import {
  type AddressRow,
  emptyAddress,
  type HostFormValues,
  IDENTITY_TEXT_FIELDS,
  type IdentityValues,
} from '../host-form';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type DeviceType } from '../../../lib/device-types';
import { FormDialogActions } from '../../../components/form-dialog-actions';

interface HostFormDialogProps {
  title: string;
  initial: HostFormValues;
  networks: Network[];
  tags: Tag[];
  /** Creating picks the network and first addresses; editing keeps them. */
  creating: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: HostFormValues) => void;
  onClose: () => void;
}

const FIELDS = [
  'network_id',
  'name',
  'hostname',
  'description',
  'tags',
  'ip_addresses',
  'device_type',
  ...IDENTITY_TEXT_FIELDS,
];
const TEXT_LABELS: Record<(typeof IDENTITY_TEXT_FIELDS)[number], [label: string, example: string]> = {
  vendor: ['Vendor', 'Cisco'],
  model: ['Model', 'C9300-48P'],
  os: ['Operating system', 'IOS XE 17.9.4'],
  location: ['Location', 'HQ / Building A / Floor 2'],
};

export function HostFormDialog(props: HostFormDialogProps) {
  const { title, initial, networks, tags, creating, pending, error, onSubmit, onClose } = props;
  const [values, setValues] = useState(initial);
  const subnets = useSubnets(creating ? values.network_id : undefined);
  const set = (change: Partial<HostFormValues>) => setValues({ ...values, ...change });
  const setIdentity = (change: Partial<IdentityValues>) => set({ identity: { ...values.identity, ...change } });
  const toggleTag = (id: string) =>
    set({ tag_ids: values.tag_ids.includes(id) ? values.tag_ids.filter((t) => t !== id) : [...values.tag_ids, id] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        {creating && (
          <Field label="Network" error={fieldError(error, 'network_id')}>
            <select
              required
              value={values.network_id}
              onChange={(e) => set({ network_id: e.target.value, addresses: [] })}
            >
              {networks.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Name" error={fieldError(error, 'name')}>
          <input required maxLength={255} value={values.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label="Hostname" hint="Optional, e.g. web-01.example.com" error={fieldError(error, 'hostname')}>
          <input maxLength={255} value={values.hostname} onChange={(e) => set({ hostname: e.target.value })} />
        </Field>
        <Field label="Description" error={fieldError(error, 'description')}>
          <textarea rows={2} value={values.description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
        <fieldset className="checkbox-group host-identity-fields">
          <legend>Identity</legend>
          <p className="muted">
            What you set here stays whatever discovery finds later; leave a field empty to let discovery fill it.
          </p>
          <Field label="Device type" error={fieldError(error, 'device_type')}>
            <select
              value={values.identity.device_type}
              onChange={(e) => setIdentity({ device_type: e.target.value as DeviceType })}
            >
              <option value="">Found by discovery</option>
              {DEVICE_TYPES.filter((t) => t !== 'Unknown').map((t) => (
                <option key={t} value={t}>
                  {DEVICE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          {IDENTITY_TEXT_FIELDS.map((f) => (
            <Field key={f} label={TEXT_LABELS[f][0]} hint={`e.g. ${TEXT_LABELS[f][1]}`} error={fieldError(error, f)}>
              <input
                maxLength={255}
                value={values.identity[f]}
                onChange={(e) => setIdentity({ [f]: e.target.value })}
              />
            </Field>
          ))}
        </fieldset>
        {tags.length > 0 && (
          <fieldset className="checkbox-group">
            <legend>Tags</legend>
            {tags.map((tag) => (
              <label key={tag.id}>
                <input type="checkbox" checked={values.tag_ids.includes(tag.id)} onChange={() => toggleTag(tag.id)} />
                {tag.name}
              </label>
            ))}
          </fieldset>
        )}
        {creating && (
          <Addresses
            rows={values.addresses}
            subnets={subnets.data ?? []}
            error={fieldError(error, 'ip_addresses')}
            onChange={(addresses) => set({ addresses })}
          />
        )}
        <FormError error={error} fields={FIELDS} />
        <FormDialogActions onCancel={onClose} pending={pending} label={creating ? 'Create host' : 'Save'} />
      </form>
    </ModalDialog>
  );
}

function Addresses(props: {
  rows: AddressRow[];
  subnets: Subnet[];
  error?: string;
  onChange: (rows: AddressRow[]) => void;
}) {
  const { rows, subnets, error, onChange } = props;
  const change = (index: number, row: Partial<AddressRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  return (
    <fieldset className="checkbox-group host-addresses">
      <legend>IP addresses</legend>
      {subnets.length === 0 && <p className="muted">Add a subnet to this network to give hosts addresses.</p>}
      {rows.map((row, index) => (
        <div key={index} className="host-address-row">
          <Field label={`Subnet ${index + 1}`}>
            <select value={row.subnet_id} onChange={(e) => change(index, { subnet_id: e.target.value })}>
              {subnets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.cidr}
                  {s.name ? ` (${s.name})` : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field label={`Address ${index + 1}`}>
            <input
              value={row.ip_address}
              placeholder="10.0.0.10"
              onChange={(e) => change(index, { ip_address: e.target.value })}
            />
          </Field>
          <Field label={`MAC ${index + 1}`}>
            <input
              value={row.mac_address}
              placeholder="optional"
              onChange={(e) => change(index, { mac_address: e.target.value })}
            />
          </Field>
          <button type="button" className="link-button" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            Remove
          </button>
        </div>
      ))}
      {subnets.length > 0 && (
        <button type="button" onClick={() => onChange([...rows, emptyAddress(subnets[0].id)])}>
          Add an address
        </button>
      )}
      {error && <small className="field-error">{error}</small>}
    </fieldset>
  );
}
