import { type ReactNode, useEffect } from 'react';

/** A signed-in page: its title (also the document's), actions on the right, then the content. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Netatlas`;
  }, [title]);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
