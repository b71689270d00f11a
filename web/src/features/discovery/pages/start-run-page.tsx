import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { useNetworks, useStartRun } from '../api';
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
  const [params] = useSearchParams();
  const networks = useNetworks();
  return (
    <Page title="Start discovery">
      <p>
        <Link to="/discovery">← All runs</Link>
      </p>
      {networks.isPending ? (
        <Loading label="Loading networks" />
      ) : networks.error ? (
        <ErrorState error={networks.error} onRetry={() => void networks.refetch()} />
      ) : networks.data.items.length === 0 ? (
        <EmptyState title="No network to scan into">
          <p>
            Discovery puts what it finds in a network. <Link to="/networks">Create a network</Link> with a subnet first.
          </p>
        </EmptyState>
      ) : (
        <StartRunForm
          networks={networks.data.items}
          initialNetwork={params.get('network') ?? (networks.data.items.length === 1 ? networks.data.items[0].id : '')}
        />
      )}
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
