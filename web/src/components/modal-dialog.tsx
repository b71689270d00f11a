import { type ReactNode, useEffect, useId, useRef } from 'react';
import './admin.css';

const FOCUSABLE = 'button, input, select, textarea, a[href]';

interface ModalDialogProps {
  title: string;
  /** Called when the person closes it: Escape, the close button or a Cancel inside. */
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for confirmations and one-time secrets. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal over the page, on the native <dialog>: focus moves into it and is trapped, Escape closes it,
 * and focus returns to what opened it. Render it to open it; unmount it to close it.
 */
export function ModalDialog({ title, onClose, children, role = 'dialog' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    // Where showModal is missing (jsdom in component tests), the dialog is shown in place.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // The first thing to type in (or a marked button, e.g. a confirmation's Cancel), not the close button.
    // data-autofocus may mark a wrapper around a control another component renders (a CopyButton).
    const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
    const first = marked
      ? marked.matches(FOCUSABLE)
        ? marked
        : marked.querySelector<HTMLElement>(FOCUSABLE)
      : dialog.querySelector<HTMLElement>('input:not([type=hidden]):not([type=radio]), select, textarea');
    first?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close?.();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog ref={ref} className="modal-dialog" role={role} aria-labelledby={titleId} aria-modal="true">
      <header className="modal-dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="link-button" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}
