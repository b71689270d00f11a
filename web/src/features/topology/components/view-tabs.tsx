import { useRef } from 'react';
import { VIEWS, type View } from '../../../lib/graph/types';

export const VIEW_LABELS: Record<View, string> = {
  L2Physical: 'L2 physical',
  L3Logical: 'L3 logical',
  Workloads: 'Workloads',
  Application: 'Application',
};

/** A tablist (WAI-ARIA tabs, automatic activation): arrows, Home and End move and pick. */
export function ViewTabs({ view, onChange, panelId }: { view: View; onChange: (v: View) => void; panelId: string }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + VIEWS.length) % VIEWS.length;
    onChange(VIEWS[next]);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="View" className="view-tabs">
      {VIEWS.map((v, i) => (
        <button
          key={v}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`view-tab-${v}`}
          aria-selected={v === view}
          aria-controls={panelId}
          tabIndex={v === view ? 0 : -1}
          onClick={() => onChange(v)}
          onKeyDown={(e) => {
            const keys: Record<string, number> = {
              ArrowRight: i + 1,
              ArrowLeft: i - 1,
              Home: 0,
              End: VIEWS.length - 1,
            };
            if (e.key in keys) {
              e.preventDefault();
              move(keys[e.key]);
            }
          }}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </div>
  );
}
