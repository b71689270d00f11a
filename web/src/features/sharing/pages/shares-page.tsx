import { useState } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { formatDateTime } from '../../../lib/dates';
import { type Share, useShareableNetworks, useShares } from '../api';
import { DeleteShareDialog } from '../components/delete-share-dialog';
import { EmbedDialog } from '../components/embed-dialog';
import { ShareFormDialog } from '../components/share-form-dialog';
import { shareStatus, shareUrl, VIEW_LABELS } from '../share-form';
import '../sharing.css';

type Open = { kind: 'create' } | { kind: 'edit' | 'embed' | 'delete'; share: Share } | undefined;

/** Read-only links to a network's map: list, create, edit, embed and delete. */
export function SharesPage() {
  const shares = useShares();
  const networks = useShareableNetworks();
  const [open, setOpen] = useState<Open>();
  const networkName = new Map((networks.data?.items ?? []).map((n) => [n.id, n.name]));
  const noNetworks = networks.isSuccess && networks.data.items.length === 0;

  const actions = (
    <button
      type="button"
      className="primary"
      disabled={!networks.isSuccess || noNetworks}
      onClick={() => setOpen({ kind: 'create' })}
    >
      New share
    </button>
  );

  let body;
  if (shares.isPending || networks.isPending) body = <Loading label="Loading shares" />;
  else if (shares.error || networks.error)
    body = (
      <ErrorState
        error={shares.error ?? networks.error}
        onRetry={() => {
          void shares.refetch();
          void networks.refetch();
        }}
      />
    );
  else if (shares.data.items.length === 0)
    body = (
      <EmptyState title="No shares yet">
        {noNetworks ? (
          <p>
            Shares show a network's map. <Link to="/networks">Create a network</Link> first.
          </p>
        ) : (
          <p>A share is a read-only link to a network's map, for a wall display or a wiki page.</p>
        )}
      </EmptyState>
    );
  else
    body = (
      <div className="table-wrap">
        <table className="shares-table">
          <caption className="visually-hidden">Shares</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Network</th>
              <th scope="col">Views</th>
              <th scope="col">Password</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.data.items.map((share) => {
              const status = shareStatus(share);
              return (
                <tr key={share.id}>
                  <th scope="row" className="share-name">
                    <a href={shareUrl('', share.id)} target="_blank" rel="noreferrer">
                      {share.name}
                    </a>
                    {share.allowed_domains && (
                      <small className="muted share-domains">Embeds on {share.allowed_domains.join(', ')}</small>
                    )}
                  </th>
                  <td>{networkName.get(share.network_id) ?? <span className="muted">Not visible to you</span>}</td>
                  <td>{share.enabled_views.map((v) => VIEW_LABELS[v]).join(', ')}</td>
                  <td>{share.requires_password ? 'Yes' : 'No'}</td>
                  <td>{share.expires_at ? formatDateTime(share.expires_at) : 'Never'}</td>
                  <td>
                    <span className={`badge share-status-${status.toLowerCase()}`}>{status}</span>
                  </td>
                  <td>
                    <div className="share-row-actions" role="group" aria-label={`Actions for ${share.name}`}>
                      <CopyButton value={shareUrl(window.location.origin, share.id)} label="Copy link" />
                      <button type="button" onClick={() => setOpen({ kind: 'embed', share })}>
                        Embed
                      </button>
                      <button type="button" onClick={() => setOpen({ kind: 'edit', share })}>
                        Edit
                      </button>
                      <button type="button" className="danger" onClick={() => setOpen({ kind: 'delete', share })}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  const networkList = networks.data?.items ?? [];
  return (
    <Page title="Shares" actions={actions}>
      <p className="muted share-intro">
        Anyone with a share's link sees that network's map, read-only, in the views you choose. Add a password to limit
        who, an expiry to limit how long, and the sites allowed to embed it in a frame.
      </p>
      {body}
      {open?.kind === 'create' && (
        <ShareFormDialog
          networks={networkList}
          onClose={(saved) => setOpen(saved ? { kind: 'embed', share: saved } : undefined)}
        />
      )}
      {open?.kind === 'edit' && (
        <ShareFormDialog share={open.share} networks={networkList} onClose={() => setOpen(undefined)} />
      )}
      {open?.kind === 'embed' && <EmbedDialog share={open.share} onClose={() => setOpen(undefined)} />}
      {open?.kind === 'delete' && <DeleteShareDialog share={open.share} onClose={() => setOpen(undefined)} />}
    </Page>
  );
}
