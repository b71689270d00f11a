import { CopyButton } from '../../../components/copy-button';
import { ModalDialog } from '../../../components/modal-dialog';
import type { ApiKeyWithSecret } from '../api';

/**
 * The key's secret, shown once: after a create or a rotate. The API never returns it again, so the
 * dialog says so and offers a copy; closing it forgets the secret.
 */
export function KeySecretDialog({
  apiKey,
  rotated,
  onClose,
}: {
  apiKey: ApiKeyWithSecret;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title={rotated ? `New secret for ${apiKey.name}` : `API key ${apiKey.name} created`}
      onClose={onClose}
      role="alertdialog"
    >
      <div className="form">
        <p className="notice key-warning" role="note">
          <strong>Copy this key now.</strong> It is shown only this once and cannot be shown again; if it is lost,
          rotate the key to get a new one.
          {rotated && ' The previous secret no longer works.'}
        </p>
        <div className="key-secret">
          <code aria-label="API key" data-testid="api-key-secret">
            {apiKey.key}
          </code>
          <span data-autofocus>
            <CopyButton value={apiKey.key} label="Copy key" />
          </span>
        </div>
        <p className="muted">
          Send it as <code>Authorization: Bearer nta_…</code>. It acts as you, limited to {apiKey.permissions}{' '}
          permissions and{' '}
          {apiKey.network_ids === null ? 'every network you can access' : `${apiKey.network_ids.length} network(s)`}.
        </p>
        <div className="modal-dialog-actions">
          <button type="button" className="primary" onClick={onClose}>
            I have stored it
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
