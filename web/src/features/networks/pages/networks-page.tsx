import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { roleAtLeast } from '../../../components/roles';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { useMe } from '../../auth/api';
import { type Network, useAllSubnets, useDeleteNetwork, useNetworkLimit, useNetworks, useTags } from '../api';
import { NetworkDialog } from '../components/network-dialog';
import { TagChip } from '../components/tag-chip';
import { TagsSection } from '../components/tags-section';
import '../../../components/admin.css';
import '../networks.css';

export function NetworksPage() {
  const me = useMe();
  const networks = useNetworks();
  const tags = useTags();
  const subnets = useAllSubnets();
  const limit = useNetworkLimit();
  const remove = useDeleteNetwork();
  const [editing, setEditing] = useState<Network | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Network | null>(null);
  const canWrite = roleAtLeast(me.data?.role, 'Admin');
  const tagList = tags.data?.items ?? [];
  const tagById = new Map(tagList.map((t) => [t.id, t]));
  const subnetCount = new Map<string, number>();
  subnets.data?.items.forEach((s) => subnetCount.set(s.network_id, (subnetCount.get(s.network_id) ?? 0) + 1));
  const count = networks.data?.items.length ?? 0;
  const max = limit.data?.max;

  return (
    <Page
      title="Networks"
      actions={
        canWrite && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New network
          </button>
        )
      }
    >
      <p className="muted">
        A network is a place you discover: its subnets, hosts and credentials belong to it.
        {canWrite && max !== undefined && max !== null && (
          <>
            {' '}
            The {limit.data?.plan} plan allows {max}:{' '}
            {count >= max ? 'change the plan to add more.' : `${max - count} left.`}
          </>
        )}
      </p>
      {networks.isPending ? (
        <Loading label="Loading networks" />
      ) : networks.error ? (
        <ErrorState error={networks.error} onRetry={() => void networks.refetch()} />
      ) : networks.data.items.length === 0 ? (
        <EmptyState title="No networks yet">
          {canWrite ? 'Create one to start adding subnets and running discoveries.' : 'Ask an admin to create one.'}
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Subnets</th>
                <th scope="col">Tags</th>
                <th scope="col">Stale after</th>
                {canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {networks.data.items.map((network) => (
                <tr key={network.id}>
                  <td>
                    <Link to={`/networks/${network.id}`}>{network.name}</Link>
                  </td>
                  <td className="muted">{network.description || '—'}</td>
                  <td>{subnets.data ? (subnetCount.get(network.id) ?? 0) : '…'}</td>
                  <td>
                    <span className="chips">
                      {network.tags.map((id) => {
                        const tag = tagById.get(id);
                        return tag ? <TagChip key={id} tag={tag} /> : null;
                      })}
                    </span>
                  </td>
                  <td>
                    {network.effective_stale_after_hours} h{network.stale_after_hours === null && ' (default)'}
                  </td>
                  {canWrite && (
                    <td className="row-actions">
                      <button type="button" onClick={() => setEditing(network)} aria-label={`Edit ${network.name}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="danger"
                        onClick={() => {
                          remove.reset();
                          setDeleting(network);
                        }}
                        aria-label={`Delete ${network.name}`}
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

      <TagsSection role={me.data?.role} tags={tags} />

      {editing && (
        <NetworkDialog
          network={editing === 'new' ? undefined : editing}
          tags={tagList}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete network"
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          Its subnets, hosts and their history are deleted with it, and credentials lose their assignment to it. This
          cannot be undone.
        </ConfirmDialog>
      )}
    </Page>
  );
}
