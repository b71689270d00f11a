import { useState } from 'react';
import { formatDateTime, fromLocalInput, toLocalInput } from '../lib/dates';
import { useUrlState } from '../lib/url-state';

const DAY = 86_400_000;
const STEPS = 200;

interface TimeTravelProps {
  /** The search parameter holding the instant ('at' unless a page compares two). */
  param?: string;
  label?: string;
  /** The earliest instant the slider reaches (an organization's or record's creation). */
  since?: string;
}

/**
 * Picks the instant a page shows: live (no parameter) or a past moment, by slider or date picker. The
 * instant lives in the URL, so a link opens the same moment.
 */
export function TimeTravel({ param = 'at', label = 'Time', since }: TimeTravelProps) {
  const [params, update] = useUrlState();
  const at = params.get(param);
  const [now] = useState(() => Date.now());
  const start = Math.min(since ? new Date(since).getTime() : now - 30 * DAY, now - 60_000);
  // The slider moves a draft; the URL changes when it is let go. A new URL instant resets the draft.
  const [draft, setDraft] = useState(at);
  const [shown, setShown] = useState(at);
  if (shown !== at) {
    setShown(at);
    setDraft(at);
  }

  const toStep = (iso: string | null) =>
    iso ? Math.round(((new Date(iso).getTime() - start) / (now - start)) * STEPS) : STEPS;
  const fromStep = (step: number) =>
    step >= STEPS ? null : new Date(start + ((now - start) * step) / STEPS).toISOString();
  const commit = (iso: string | null) => update({ [param]: iso }, { replace: true });

  return (
    <fieldset className="time-travel">
      <legend>{label}</legend>
      <input
        type="range"
        min={0}
        max={STEPS}
        value={toStep(draft)}
        aria-label={`${label}: ${draft ? formatDateTime(draft) : 'now'}`}
        aria-valuetext={draft ? formatDateTime(draft) : 'Now'}
        onChange={(e) => setDraft(fromStep(Number(e.target.value)))}
        onPointerUp={() => commit(draft)}
        onKeyUp={() => commit(draft)}
      />
      <input
        type="datetime-local"
        aria-label={`${label} (date and time)`}
        value={draft ? toLocalInput(draft) : ''}
        max={toLocalInput(new Date(now).toISOString())}
        onChange={(e) => commit(fromLocalInput(e.target.value) ?? null)}
      />
      {at ? (
        <button type="button" onClick={() => commit(null)}>
          Back to now
        </button>
      ) : (
        <span className="badge">Live</span>
      )}
    </fieldset>
  );
}
