import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and focus returns to
 * what opened it. Shown while mounted.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="share-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="share-dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="link-button" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}
