import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { roleAtLeast } from '../../../components/roles';
import { useMe } from '../../auth/api';
import { type Host, useCreateHost, useDeleteHost, useNetworks, useTags, useUpdateHost } from '../api';
import { editedHostBody, emptyIdentity, formValuesOf, newHostBody } from '../host-form';
import { HostFormDialog } from './host-form-dialog';

/** "New host" for Members and above: a host by hand, with its first addresses. */
export function NewHostButton({ networkId }: { networkId?: string }) {
  const me = useMe();
  const navigate = useNavigate();
  const networks = useNetworks();
  const tags = useTags();
  const create = useCreateHost();
  const [open, setOpen] = useState(false);
  if (!roleAtLeast(me.data?.role, 'Member') || !networks.data?.length) return null;
  const initial = {
    network_id: networkId ?? networks.data[0].id,
    name: '',
    hostname: '',
    description: '',
    tag_ids: [],
    identity: emptyIdentity(),
    addresses: [],
  };
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        New host
      </button>
      {open && (
        <HostFormDialog
          title="New host"
          creating
          initial={initial}
          networks={networks.data}
          tags={tags.data ?? []}
          pending={create.isPending}
          error={create.error}
          onClose={() => {
            create.reset();
            setOpen(false);
          }}
          onSubmit={(values) =>
            create.mutate(newHostBody(values), { onSuccess: (host) => void navigate(`/hosts/${host.id}`) })
          }
        />
      )}
    </>
  );
}

/** Edit and Delete on a live host's page, for Members and above. */
export function HostEditActions({ host }: { host: Host }) {
  const me = useMe();
  const navigate = useNavigate();
  const tags = useTags();
  const update = useUpdateHost(host.id);
  const remove = useDeleteHost(host.id);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  if (!roleAtLeast(me.data?.role, 'Member')) return null;
  const close = () => {
    update.reset();
    remove.reset();
    setDialog(null);
  };
  return (
    <>
      <button type="button" onClick={() => setDialog('edit')}>
        Edit
      </button>
      <button type="button" className="danger" onClick={() => setDialog('delete')}>
        Delete
      </button>
      {dialog === 'edit' && (
        <HostFormDialog
          title={`Edit ${host.name}`}
          creating={false}
          initial={formValuesOf(host)}
          networks={[]}
          tags={tags.data ?? []}
          pending={update.isPending}
          error={update.error}
          onClose={close}
          onSubmit={(values) => update.mutate(editedHostBody(host, values), { onSuccess: close })}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${host.name}?`}
          confirmLabel="Delete host"
          pending={remove.isPending}
          error={remove.error}
          onCancel={close}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate('/hosts') })}
        >
          The host and its addresses, ports, services and interfaces leave the live inventory. Its history stays
          readable with time travel.
        </ConfirmDialog>
      )}
    </>
  );
}
