import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { useStartRun } from '../api';
import { RequireNetwork } from '../components/require-network';
import { RunFields } from '../components/run-fields';
import {
  emptyRunForm,
  type RunFormErrors,
  type RunFormValues,
  serverFieldErrors,
  splitTargets,
  toRunBody,
} from '../form-body';
import '../discovery.css';

export function StartRunPage() {
  return (
    <Page title="Start discovery">
      <p>
        <Link to="/discovery">← All runs</Link>
      </p>
      <RequireNetwork>
        {(networks, initialNetwork) => <StartRunForm networks={networks} initialNetwork={initialNetwork} />}
      </RequireNetwork>
    </Page>
  );
}

function StartRunForm({
  networks,
  initialNetwork,
}: {
  networks: Parameters<typeof RunFields>[0]['networks'];
  initialNetwork: string;
}) {
  const navigate = useNavigate();
  const start = useStartRun();
  const [values, setValues] = useState<RunFormValues>(() => emptyRunForm(initialNetwork));
  // Checked on submit, then again as the person fixes them.
  const [submitted, setSubmitted] = useState(false);
  const checked = toRunBody(values);
  const errors: RunFormErrors = submitted && 'errors' in checked ? checked.errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if ('errors' in checked) return;
    start.mutate(checked.body, { onSuccess: (run) => void navigate(`/discovery/runs/${run.id}`) });
  };

  const fromServer = serverFieldErrors(start.error, splitTargets(values.targets));
  const shown = { ...fromServer, ...errors };
  const unplaced = start.error && Object.keys(fromServer).length === 0;

  return (
    <form className="form card discovery-form" onSubmit={submit} noValidate aria-label="Start discovery">
      <RunFields
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        errors={shown}
        networks={networks}
      />
      {unplaced && (
        <p className="form-error" role="alert">
          {describeError(start.error)}
        </p>
      )}
      {Object.keys(shown).length > 0 && !unplaced && (
        <p className="form-error" role="alert">
          Some fields need attention:{' '}
          {Object.keys(shown).length === 1 ? 'see the message under it' : 'see the messages under them'}.
        </p>
      )}
      <div className="discovery-row">
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start discovery'}
        </button>
        <Link to="/discovery">Cancel</Link>
      </div>
    </form>
  );
}
