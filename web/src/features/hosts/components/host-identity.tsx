import { DeviceTypeLabel } from '../../../components/device-icon';
import type { Host } from '../api';

const FIELDS = [
  ['vendor', 'Vendor'],
  ['model', 'Model'],
  ['os', 'Operating system'],
  ['location', 'Location'],
] as const;
type Field = 'device_type' | (typeof FIELDS)[number][0];

const SOURCE_WORDS: Record<string, string> = {
  Manual: 'set by hand',
  Discovery: 'read by discovery',
  Inferred: 'guessed',
};

/** Where one identity value came from and what it rests on, for a person deciding whether to trust it. */
function Provenance({ host, field }: { host: Host; field: Field }) {
  const source = host.identity_sources[field];
  if (!source) return null;
  return (
    <span className="hosts-identity-source">
      <span className={`badge identity-${source.source.toLowerCase()}`}>
        {SOURCE_WORDS[source.source] ?? source.source}
      </span>
      {source.evidence.length > 0 && <span className="muted"> from {source.evidence.join('; ')}</span>}
    </span>
  );
}

/** What the device is: type, vendor, model, OS and location, each with its source and evidence. */
export function HostIdentity({ host }: { host: Host }) {
  return (
    <dl className="hosts-facts hosts-identity" aria-label="Identity">
      <div className="hosts-facts-wide">
        <dt>Device type</dt>
        <dd>
          <DeviceTypeLabel type={host.device_type} /> <Provenance host={host} field="device_type" />
        </dd>
      </div>
      {FIELDS.map(([field, label]) => (
        <div key={field} className="hosts-facts-wide">
          <dt>{label}</dt>
          <dd>
            {host[field] ?? <span className="muted">Not known</span>} <Provenance host={host} field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
