import { Link } from 'react-router';
import { Field } from '../../../components/field';
import type { Network } from '../api';
import type { PortChoice, RunFormValues } from '../form-body';

interface RunFieldsProps {
  values: RunFormValues;
  onChange: (patch: Partial<RunFormValues>) => void;
  errors: Record<string, string | undefined>;
  networks: readonly Network[];
}

/** The fields of a run (RunBodyDto), shared by "Start discovery" and a schedule. */
export function RunFields({ values, onChange, errors, networks }: RunFieldsProps) {
  return (
    <>
      <Field label="Network" hint="The network the hosts found go to" error={errors.network_id}>
        <select value={values.networkId} onChange={(e) => onChange({ networkId: e.target.value })}>
          <option value="">Choose a network…</option>
          {networks.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Targets"
        hint="One a line (or comma separated): an address 10.0.0.5, a CIDR 10.0.0.0/24 or a range 10.0.0.10-10.0.0.20. Each must lie in one of the network's subnets."
        error={errors.targets}
      >
        <textarea
          rows={3}
          spellCheck={false}
          className="mono"
          value={values.targets}
          onChange={(e) => onChange({ targets: e.target.value })}
        />
      </Field>
      <fieldset className="discovery-fieldset">
        <legend>Ports</legend>
        <div className="discovery-radios" role="radiogroup" aria-label="Ports">
          {(
            [
              ['top100', 'Top 100'],
              ['top1000', 'Top 1000'],
              ['custom', 'These ports'],
            ] as [PortChoice, string][]
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="port-choice"
                value={value}
                checked={values.portChoice === value}
                onChange={() => onChange({ portChoice: value })}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        {values.portChoice === 'custom' ? (
          <Field label="Port list" hint="Numbers and ranges: 22, 80, 443, 8000-8010" error={errors.ports}>
            <input
              className="mono"
              value={values.customPorts}
              onChange={(e) => onChange({ customPorts: e.target.value })}
            />
          </Field>
        ) : (
          errors.ports && <small className="field-error">{errors.ports}</small>
        )}
      </fieldset>
      <fieldset className="discovery-fieldset">
        <legend>SNMP</legend>
        <label className="discovery-check">
          <input type="checkbox" checked={values.snmp} onChange={(e) => onChange({ snmp: e.target.checked })} /> Also
          ask SNMP (interfaces, LLDP/CDP neighbours, ARP and bridge tables)
        </label>
        <small className="muted">
          Each address is asked with the SNMP credentials assigned to its host, then those assigned to the network.{' '}
          <Link to="/credentials">Manage credentials</Link>
        </small>
      </fieldset>
      <details className="discovery-advanced" open={errors.timeout_ms || errors.concurrency ? true : undefined}>
        <summary>Timing</summary>
        <div className="discovery-row">
          <Field label="Timeout (ms)" hint="Per connection attempt and reply, 50–60000" error={errors.timeout_ms}>
            <input
              inputMode="numeric"
              value={values.timeoutMs}
              onChange={(e) => onChange({ timeoutMs: e.target.value })}
            />
          </Field>
          <Field label="Concurrency" hint="Connections in flight at most, 1–4096" error={errors.concurrency}>
            <input
              inputMode="numeric"
              value={values.concurrency}
              onChange={(e) => onChange({ concurrency: e.target.value })}
            />
          </Field>
        </div>
      </details>
    </>
  );
}
