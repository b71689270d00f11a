import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { roleAtLeast } from '../../../components/roles';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { TimeTravel } from '../../../components/time-travel';
import { formatDateTime } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { useMe } from '../../auth/api';
import { type Subnet, useDeleteSubnet, useNetwork, useSubnets } from '../api';
import { SubnetDialog } from '../components/subnet-dialog';
import '../../../components/admin.css';
import '../networks.css';

/** One network and its subnets: Members of the network add and edit subnets. */
export function NetworkPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const [params] = useUrlState();
  const at = params.get('at') ?? undefined;
  const network = useNetwork(id);
  const subnets = useSubnets(id, at);
  const remove = useDeleteSubnet();
  const [editing, setEditing] = useState<Subnet | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Subnet | null>(null);
  // The past is read-only: editing happens on the live subnets.
  const canWrite = roleAtLeast(me.data?.role, 'Member') && !at;

  if (network.isPending) return <Loading label="Loading the network" />;
  if (network.error) return <ErrorState error={network.error} onRetry={() => void network.refetch()} />;

  return (
    <Page
      title={network.data.name}
      actions={
        canWrite && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New subnet
          </button>
        )
      }
    >
      <nav aria-label="Breadcrumb" className="muted">
        <Link to="/networks">Networks</Link> / {network.data.name}
      </nav>
      {network.data.description && <p>{network.data.description}</p>}
      <div className="section-header">
        <h2>Subnets</h2>
        <TimeTravel label="Subnets at" since={network.data.created_at} />
      </div>
      {at && (
        <p className="notice" role="status">
          The subnets as they were on {formatDateTime(at)}. Go back to now to change them.
        </p>
      )}
      {subnets.isPending ? (
        <Loading label="Loading subnets" />
      ) : subnets.error ? (
        <ErrorState error={subnets.error} onRetry={() => void subnets.refetch()} />
      ) : subnets.data.items.length === 0 && at ? (
        <EmptyState title="No subnets at that time" />
      ) : subnets.data.items.length === 0 ? (
        <EmptyState title="No subnets yet">
          Add the address ranges of this network; discovered addresses are placed in the most specific one.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">CIDR</th>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Since</th>
                {canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {subnets.data.items.map((subnet) => (
                <tr key={subnet.id}>
                  <td className="mono">{subnet.cidr}</td>
                  <td>{subnet.name || '—'}</td>
                  <td className="muted">{subnet.description || '—'}</td>
                  <td>{formatDateTime(subnet.valid_from)}</td>
                  {canWrite && (
                    <td className="row-actions">
                      <button type="button" onClick={() => setEditing(subnet)} aria-label={`Edit ${subnet.cidr}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        onClick={() => {
                          remove.reset();
                          setDeleting(subnet);
                        }}
                        aria-label={`Delete ${subnet.cidr}`}
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
      {editing && (
        <SubnetDialog
          networkId={id}
          subnet={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.cidr}?`}
          confirmLabel="Delete subnet"
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          A subnet that still holds addresses cannot be deleted; its history is kept.
        </ConfirmDialog>
      )}
    </Page>
  );
}
