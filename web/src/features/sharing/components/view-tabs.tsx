import { type KeyboardEvent, useRef } from 'react';
import type { ShareView } from '../api';
import { VIEW_LABELS } from '../share-form';

export const tabId = (view: ShareView) => `share-tab-${view}`;
export const PANEL_ID = 'share-view-panel';

/** The enabled views as tabs (arrow keys move between them, as the ARIA tabs pattern has it). */
export function ViewTabs({
  views,
  current,
  onChange,
}: {
  views: ShareView[];
  current: ShareView;
  onChange: (view: ShareView) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = views.indexOf(current);
    const next =
      step === Infinity ? views.length - 1 : step === -Infinity ? 0 : (index + step + views.length) % views.length;
    onChange(views[next]);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(views[next])}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Views" className="share-tabs" onKeyDown={onKeyDown}>
      {views.map((view) => (
        <button
          key={view}
          id={tabId(view)}
          type="button"
          role="tab"
          aria-selected={view === current}
          aria-controls={PANEL_ID}
          tabIndex={view === current ? 0 : -1}
          onClick={() => onChange(view)}
        >
          {VIEW_LABELS[view]}
        </button>
      ))}
    </div>
  );
}
