import { useEffect, useId, useRef, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from './exports';
import './export-menu.css';

/** "Export" opens the formats (a disclosure: Escape, a click elsewhere or a pick closes it). */
export function ExportMenu({ disabled, onExport }: { disabled: boolean; onExport: (format: ExportFormat) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  return (
    <div className="graph-export" ref={root}>
      <button type="button" aria-expanded={open} aria-controls={id} disabled={disabled} onClick={() => setOpen(!open)}>
        Export
      </button>
      {open && (
        <div id={id} className="graph-export-formats" role="group" aria-label="Export formats">
          {EXPORT_FORMATS.map(({ format, name, description }) => (
            <button
              key={format}
              type="button"
              title={description}
              onClick={() => {
                setOpen(false);
                onExport(format);
              }}
            >
              {name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
