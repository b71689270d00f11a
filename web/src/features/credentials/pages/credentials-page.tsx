import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { roleAtLeast } from '../../../components/roles';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { useMe } from '../../auth/api';
import { type Credential, useCredentials, useDeleteCredential, useNetworkChoices, useTagChoices } from '../api';
import { CredentialDialog } from '../components/credential-dialog';
import { describeType } from '../forms';
import '../../../components/admin.css';
import '../credentials.css';
import { NetworkSelect } from '../../../components/network-select';

/** SNMP credentials discovery uses; their secrets never come back from the API, so none is shown. */
export function CredentialsPage() {
  const me = useMe();
  const [params, update] = useUrlState();
  const networkFilter = params.get('network') ?? undefined;
  const credentials = useCredentials(networkFilter);
  const networks = useNetworkChoices();
  const tags = useTagChoices();
  const remove = useDeleteCredential();
  const [editing, setEditing] = useState<Credential | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Credential | null>(null);
  const canWrite = roleAtLeast(me.data?.role, 'Member');
  const networkName = new Map(networks.data?.items.map((n) => [n.id, n.name]));
  const tagName = new Map(tags.data?.items.map((t) => [t.id, t.name]));

  return (
    <Page
      title="Credentials"
      actions={
        canWrite && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New credential
          </button>
        )
      }
    >
      <p className="muted">
        SNMP communities and users that discovery tries on the networks and hosts they are assigned to. Secrets are
        stored encrypted and never shown again; editing one replaces it.
      </p>
      {(networks.data?.items.length ?? 0) > 1 && (
        <div className="toolbar">
          <label className="inline-label" htmlFor="credential-network-filter">
            Network
          </label>
          <NetworkSelect
            id="credential-network-filter"
            networks={networks.data?.items ?? []}
            value={networkFilter}
            onChange={(id) => update({ network: id }, { replace: true })}
          />
        </div>
      )}
      {credentials.isPending ? (
        <Loading label="Loading credentials" />
      ) : credentials.error ? (
        <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} />
      ) : credentials.data.items.length === 0 && networkFilter ? (
        <EmptyState title="No credential is used on this network" />
      ) : credentials.data.items.length === 0 ? (
        <EmptyState title="No credentials yet">
          Add an SNMP community or v3 user so discovery can read interfaces, neighbours and ARP tables.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Networks</th>
                <th scope="col">Hosts</th>
                <th scope="col">Tags</th>
                <th scope="col">Updated</th>
                {canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {credentials.data.items.map((credential) => (
                <tr key={credential.id}>
                  <td>
                    <strong>{credential.name}</strong>
                    {credential.description && <div className="muted">{credential.description}</div>}
                  </td>
                  <td>{describeType(credential)}</td>
                  <td>{credential.assigned_network_ids.map((id) => networkName.get(id) ?? '…').join(', ') || '—'}</td>
                  <td>{credential.host_assignments.length || '—'}</td>
                  <td>{credential.tags.map((id) => tagName.get(id) ?? '…').join(', ') || '—'}</td>
                  <td title={credential.updated_at}>{formatRelative(credential.updated_at)}</td>
                  {canWrite && (
                    <td className="row-actions">
                      <button
                        type="button"
                        onClick={() => setEditing(credential)}
                        aria-label={`Edit ${credential.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        onClick={() => {
                          remove.reset();
                          setDeleting(credential);
                        }}
                        aria-label={`Delete ${credential.name}`}
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && me.data && (
        <CredentialDialog
          credential={editing === 'new' ? undefined : editing}
          organizationId={me.data.organization_id}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete credential"
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          Discovery stops using it on its networks and hosts. The secret is destroyed.
        </ConfirmDialog>
      )}
    </Page>
  );
}
