import type { ReactNode } from 'react';
import { describeError } from '../api/errors';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's words: "Delete network". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** The refusal of the last attempt (a 409 conflict), shown in the dialog. */
  error?: unknown;
}

/** "Are you sure?" before something that cannot be undone; Cancel has the focus first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  pending,
  error,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onClose={onCancel} role="alertdialog">
      <div className="form">
        <div>{children}</div>
        {error !== undefined && error !== null && (
          <p className="form-error" role="alert">
            {describeError(error)}
          </p>
        )}
        <div className="modal-dialog-actions">
          <button type="button" onClick={onCancel} data-autofocus>
            Cancel
          </button>
          <button type="button" className="primary danger-fill" disabled={pending} onClick={onConfirm}>
            {pending ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
