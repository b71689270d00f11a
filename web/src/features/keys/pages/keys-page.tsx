import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { describeError } from '../../../api/errors';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useMe } from '../../auth/api';
import {
  type ApiKey,
  type ApiKeyWithSecret,
  useDeleteKey,
  useKeys,
  useNetworkChoices,
  usePlanApiAccess,
  useRotateKey,
  useSetKeyEnabled,
} from '../api';
import { KeyDialog } from '../components/key-dialog';
import { KeySecretDialog } from '../components/key-secret-dialog';
import { keyState } from '../forms';
import '../../../components/admin.css';
import '../keys.css';

type Confirming = { action: 'rotate' | 'delete'; key: ApiKey };

/** The signed-in person's API keys: every role may have keys, never above its own role. */
export function KeysPage() {
  const me = useMe();
  const keys = useKeys();
  const networks = useNetworkChoices();
  const apiAccess = usePlanApiAccess();
  const setEnabled = useSetKeyEnabled();
  const rotate = useRotateKey();
  const remove = useDeleteKey();
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [secret, setSecret] = useState<{ key: ApiKeyWithSecret; rotated: boolean } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const networkName = new Map(networks.data?.items.map((n) => [n.id, n.name]));
  const confirmMutation = confirming?.action === 'rotate' ? rotate : remove;

  const confirm = () => {
    if (!confirming) return;
    if (confirming.action === 'rotate')
      rotate.mutate(confirming.key.id, {
        onSuccess: (key) => {
          setConfirming(null);
          setSecret({ key, rotated: true });
        },
      });
    else remove.mutate(confirming.key.id, { onSuccess: () => setConfirming(null) });
  };

  return (
    <Page
      title="API keys"
      actions={
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New API key
        </button>
      }
    >
      <p className="muted">
        Keys let scripts and integrations call the API as you, limited to the permissions and networks you give them.
        Only you see your keys.
      </p>
      {apiAccess.data === false && (
        <p className="notice" role="status">
          Your plan does not include API access: keys can be created but the API refuses them until the plan changes.
        </p>
      )}
      {setEnabled.error && (
        <p className="form-error" role="alert">
          {describeError(setEnabled.error)}
        </p>
      )}
      {keys.isPending ? (
        <Loading label="Loading API keys" />
      ) : keys.error ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.items.length === 0 ? (
        <EmptyState title="No API keys yet">Create one for a script, a CI job or a monitoring exporter.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Permissions</th>
                <th scope="col">Networks</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.items.map((key) => {
                const state = keyState(key);
                return (
                  <tr key={key.id}>
                    <td>
                      <strong>{key.name}</strong>
                      <div className="muted">created {formatRelative(key.created_at)}</div>
                    </td>
                    <td>{key.permissions}</td>
                    <td>
                      {key.network_ids === null
                        ? 'All'
                        : key.network_ids.map((id) => networkName.get(id) ?? '…').join(', ') || 'None'}
                    </td>
                    <td>{key.expires_at ? formatDateTime(key.expires_at) : 'Never'}</td>
                    <td title={key.last_used_at ?? undefined}>
                      {key.last_used_at ? formatRelative(key.last_used_at) : 'Never'}
                    </td>
                    <td>
                      <span className={`badge key-state key-state-${state.toLowerCase()}`}>{state}</span>
                    </td>
                    <td className="row-actions">
                      <button type="button" aria-label={`Edit ${key.name}`} onClick={() => setEditing(key)}>
                        Edit
                      </button>
                      <button
                        type="button"
                        disabled={setEnabled.isPending}
                        aria-label={`${key.is_enabled ? 'Disable' : 'Enable'} ${key.name}`}
                        onClick={() => setEnabled.mutate({ id: key.id, enabled: !key.is_enabled })}
                      >
                        {key.is_enabled ? 'Disable' : 'Enable'}
                      </button>
                      <button
                        type="button"
                        aria-label={`Rotate ${key.name}`}
                        onClick={() => {
                          rotate.reset();
                          setConfirming({ action: 'rotate', key });
                        }}
                      >
                        Rotate
                      </button>
                      <button
                        type="button"
                        className="danger"
                        aria-label={`Delete ${key.name}`}
                        onClick={() => {
                          remove.reset();
                          setConfirming({ action: 'delete', key });
                        }}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {editing && (
        <KeyDialog
          role={me.data?.role}
          apiKey={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(key) => {
            setEditing(null);
            setSecret({ key, rotated: false });
          }}
        />
      )}
      {secret && <KeySecretDialog apiKey={secret.key} rotated={secret.rotated} onClose={() => setSecret(null)} />}
      {confirming && (
        <ConfirmDialog
          title={confirming.action === 'rotate' ? `Rotate ${confirming.key.name}?` : `Delete ${confirming.key.name}?`}
          confirmLabel={confirming.action === 'rotate' ? 'Rotate key' : 'Delete key'}
          pending={confirmMutation.isPending}
          error={confirmMutation.error}
          onCancel={() => setConfirming(null)}
          onConfirm={confirm}
        >
          {confirming.action === 'rotate'
            ? 'A new secret is made and shown once; the current one stops working at once.'
            : 'Whatever uses this key stops working at once. This cannot be undone.'}
        </ConfirmDialog>
      )}
    </Page>
  );
}
