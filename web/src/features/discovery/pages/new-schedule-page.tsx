import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { Page } from '../../../components/page';
import { type Network, useCreateSchedule } from '../api';
import { RequireNetwork } from '../components/require-network';
import { cronProblem, describeCron } from '../cron';
import { RunFields } from '../components/run-fields';
import { emptyRunForm, type RunFormValues, serverFieldErrors, splitTargets, toRunBody } from '../form-body';
import '../discovery.css';

const PRESETS: [string, string][] = [
  ['0 3 * * *', 'Daily 03:00'],
  ['0 * * * *', 'Hourly'],
  ['*/15 * * * *', 'Every 15 min'],
  ['0 2 * * 1', 'Mondays 02:00'],
];

export function NewSchedulePage() {
  return (
    <Page title="New discovery schedule">
      <p>
        <Link to="/discovery/schedules">← All schedules</Link>
      </p>
      <RequireNetwork>
        {(networks, initialNetwork) => <ScheduleForm networks={networks} initialNetwork={initialNetwork} />}
      </RequireNetwork>
    </Page>
  );
}

function ScheduleForm({ networks, initialNetwork }: { networks: Network[]; initialNetwork: string }) {
  const navigate = useNavigate();
  const create = useCreateSchedule();
  const [name, setName] = useState('');
  const [cron, setCron] = useState('0 3 * * *');
  const [enabled, setEnabled] = useState(true);
  const [values, setValues] = useState<RunFormValues>(() => emptyRunForm(initialNetwork));
  // Checked on submit, then again as the person fixes them.
  const [submitted, setSubmitted] = useState(false);
  const checked = toRunBody(values);
  const problems: Record<string, string> = 'errors' in checked ? { ...checked.errors } : {};
  if (!name.trim()) problems.name = 'Give the schedule a name';
  if (cron.trim().split(/\s+/).length !== 5) problems.cron = 'Five fields: minute hour day-of-month month weekday';
  const errors = submitted ? problems : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if ('errors' in checked || Object.keys(problems).length > 0) return;
    create.mutate(
      { ...checked.body, name: name.trim(), cron: cron.trim(), enabled },
      { onSuccess: () => void navigate('/discovery/schedules') },
    );
  };

  const fromServer = serverFieldErrors(create.error, splitTargets(values.targets));
  const shown = { ...fromServer, ...errors };
  const unplaced = create.error && Object.keys(fromServer).length === 0;
  const problem = cronProblem(cron);

  return (
    <form className="form card discovery-form" onSubmit={submit} noValidate aria-label="New schedule">
      <Field label="Name" error={shown.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field
        label="Cron (UTC)"
        hint={`${problem ? problem : describeCron(cron)}. Five fields: minute hour day-of-month month weekday, in UTC.`}
        error={shown.cron}
      >
        <input className="mono" value={cron} onChange={(e) => setCron(e.target.value)} spellCheck={false} />
      </Field>
      <div className="discovery-row" aria-label="Common schedules" role="group">
        {PRESETS.map(([value, label]) => (
          <button key={value} type="button" onClick={() => setCron(value)} aria-pressed={cron === value}>
            {label}
          </button>
        ))}
      </div>
      <label className="discovery-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
      <RunFields
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        errors={shown}
        networks={networks}
      />
      {unplaced && (
        <p className="form-error" role="alert">
          {describeError(create.error)}
        </p>
      )}
      <div className="discovery-row">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Create schedule'}
        </button>
        <Link to="/discovery/schedules">Cancel</Link>
      </div>
    </form>
  );
}
