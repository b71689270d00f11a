import { CopyButton } from '../../../components/copy-button';
import type { Share } from '../api';
import { embedSnippet, shareUrl } from '../share-form';
import { Dialog } from './dialog';

/** The link and the iframe code of a share, to copy; says when no site may embed it yet. */
export function EmbedDialog({ share, onClose }: { share: Share; onClose: () => void }) {
  const url = shareUrl(window.location.origin, share.id);
  const snippet = embedSnippet(url, share.name);
  return (
    <Dialog title={`Embed “${share.name}”`} onClose={onClose}>
      <div className="form">
        {share.allowed_domains ? (
          <p className="muted">
            Sites that may show it: <strong>{share.allowed_domains.join(', ')}</strong>. Browsers refuse to show it in a
            frame anywhere else.
          </p>
        ) : (
          <p className="notice" role="status">
            No site may embed this share yet: edit it and list the sites under “Sites that may embed it”.
          </p>
        )}
        <label htmlFor="share-embed-code" className="share-label">
          Embed code
        </label>
        <textarea id="share-embed-code" readOnly rows={4} className="mono" value={snippet} />
        <div className="share-dialog-actions">
          <CopyButton value={url} label="Copy link" />
          <CopyButton value={snippet} label="Copy embed code" />
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}
