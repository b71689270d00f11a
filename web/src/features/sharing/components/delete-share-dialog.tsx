import { describeError } from '../../../api/errors';
import { type Share, useDeleteShare } from '../api';
import { Dialog } from './dialog';

export function DeleteShareDialog({ share, onClose }: { share: Share; onClose: () => void }) {
  const remove = useDeleteShare();
  return (
    <Dialog title="Delete share?" onClose={onClose}>
      <div className="form">
        <p>“{share.name}” will stop working for everyone who has its link or embeds it. This cannot be undone.</p>
        {remove.error && (
          <p className="form-error" role="alert">
            {describeError(remove.error)}
          </p>
        )}
        <div className="share-dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary danger-fill"
            disabled={remove.isPending}
            onClick={() => remove.mutate(share.id, { onSuccess: onClose })}
          >
            {remove.isPending ? 'Deleting…' : 'Delete share'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
