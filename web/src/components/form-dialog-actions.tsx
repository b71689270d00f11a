/** A form dialog's Cancel and submit buttons; the submit says "Saving…" while the request runs. */
export function FormDialogActions({
  onCancel,
  pending,
  label,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
}) {
  return (
    <div className="modal-dialog-actions">
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="primary" disabled={pending}>
        {pending ? 'Saving…' : label}
      </button>
    </div>
  );
}
