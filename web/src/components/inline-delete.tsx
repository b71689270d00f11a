import { useState } from 'react';

interface InlineDeleteProps {
  /** The record's name: "Delete nightly?" */
  name: string;
  /** What it is, for the button's accessible name: "schedule". */
  kind: string;
  pending: boolean;
  /** Runs the deletion; calls `settled` when it has succeeded or failed. */
  onDelete: (settled: () => void) => void;
}

/** A row's Delete that asks again in place: "Delete <name>" or "Keep". */
export function InlineDelete({ name, kind, pending, onDelete }: InlineDeleteProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button
        type="button"
        className="danger"
        aria-label={`Delete ${kind} ${name}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
    );
  return (
    <span role="group" aria-label={`Delete ${name}?`}>
      <button type="button" className="danger" disabled={pending} onClick={() => onDelete(() => setConfirming(false))}>
        Delete {name}
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </span>
  );
}
