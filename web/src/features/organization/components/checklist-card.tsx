import { Link } from 'react-router';
import type { ChecklistStep } from '../checklist';

/** The getting-started list: each step says whether it is done and links to where it is done. */
export function ChecklistCard({ steps, welcome }: { steps: ChecklistStep[]; welcome: boolean }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section className="card checklist" aria-labelledby="checklist-heading">
      <header className="checklist-header">
        <h2 id="checklist-heading">{welcome ? 'Get started' : 'Getting started'}</h2>
        <span className="muted" aria-live="polite">
          {done} of {steps.length} done
        </span>
      </header>
      <progress max={steps.length} value={done} aria-label="Getting started progress" />
      <ol className="checklist-steps">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'is-done' : undefined} data-step={step.id}>
            <span className="checklist-mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <div className="checklist-text">
              <strong>{step.title}</strong>
              <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              <span className="muted">{step.description}</span>
            </div>
            {!step.done &&
              (step.to.startsWith('#') ? <a href={step.to}>{step.action}</a> : <Link to={step.to}>{step.action}</Link>)}
          </li>
        ))}
      </ol>
    </section>
  );
}
