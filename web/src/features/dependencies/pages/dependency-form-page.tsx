import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, describeError } from '../../../api/errors';
import { Field } from '../../../components/field';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import {
  type Dependency,
  type DependencyBody,
  type Network,
  useDependency,
  useNetworks,
  useSaveDependency,
  useServiceCatalog,
} from '../api';
import { ChainPreview } from '../components/chain-preview';
import { MemberList } from '../components/member-list';
import { ServicePicker } from '../components/service-picker';
import {
  addMember,
  chainText,
  COLORS,
  colorHex,
  dependencyProblems,
  makeHub,
  moveMember,
  removeMember,
  type ServiceOption,
} from '../path';
import '../dependencies.css';

export function DependencyFormPage() {
  const { id } = useParams();
  const networks = useNetworks();
  const existing = useDependency(id);
  const title = id ? 'Edit dependency' : 'New dependency';
  const pending = networks.isPending || (id !== undefined && existing.isPending);
  const error = networks.error ?? existing.error;
  return (
    <Page title={title}>
      <p>
        <Link to="/dependencies">← All dependencies</Link>
      </p>
      {pending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void (networks.error ? networks.refetch() : existing.refetch())} />
      ) : networks.data!.items.length === 0 ? (
        <EmptyState title="No network yet">
          <p>
            Dependencies join services of one network. <Link to="/networks">Create a network</Link> first.
          </p>
        </EmptyState>
      ) : (
        <DependencyForm key={id ?? 'new'} networks={networks.data!.items} existing={existing.data} />
      )}
    </Page>
  );
}

type Type = DependencyBody['dependency_type'];
type EdgeStyle = DependencyBody['edge_style'];

function DependencyForm({ networks, existing }: { networks: Network[]; existing?: Dependency }) {
  const navigate = useNavigate();
  const save = useSaveDependency(existing?.id);
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [networkId, setNetworkId] = useState(existing?.network_id ?? (networks.length === 1 ? networks[0].id : ''));
  const [type, setType] = useState<Type>(existing?.dependency_type ?? 'RequestPath');
  const [color, setColor] = useState<DependencyBody['color']>((existing?.color as DependencyBody['color']) ?? 'Blue');
  const [edgeStyle, setEdgeStyle] = useState<EdgeStyle>(existing?.edge_style ?? 'SmoothStep');
  const bindings = existing?.members.type === 'Bindings';
  const [members, setMembers] = useState<string[]>(
    (bindings ? existing?.members.binding_ids : existing?.members.service_ids) ?? [],
  );
  const [picked, setPicked] = useState<ServiceOption[]>([]);
  // Checked on submit, then again as the person fixes them.
  const [submitted, setSubmitted] = useState(false);
  const problems = submitted ? dependencyProblems({ name, networkId, members }) : {};
  const catalog = useServiceCatalog(networkId, networkId !== '' && members.length > 0 && !bindings);
  const label = (serviceId: string) =>
    [...picked, ...(catalog.data ?? [])].find((o) => o.id === serviceId)?.label ??
    `${bindings ? 'binding' : 'service'} ${serviceId.slice(0, 8)}`;
  const text = chainText(type, members, label);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(dependencyProblems({ name, networkId, members })).length > 0) return;
    const body: DependencyBody = {
      name: name.trim(),
      description: description.trim() || null,
      network_id: networkId,
      color,
      dependency_type: type,
      edge_style: edgeStyle,
      members: bindings ? { type: 'Bindings', binding_ids: members } : { type: 'Services', service_ids: members },
      tags: existing?.tags ?? [],
    };
    save.mutate(body, { onSuccess: () => void navigate('/dependencies') });
  };

  const server = serverErrors(save.error, members, label);
  const shown = { ...server, ...problems };
  const unplaced = save.error && Object.keys(server).length === 0;

  return (
    <form
      className="dependency-form"
      onSubmit={submit}
      noValidate
      aria-label={existing ? 'Edit dependency' : 'New dependency'}
    >
      <div className="card form dependency-fields">
        <Field label="Name" error={shown.name}>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Description">
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field
          label="Network"
          error={shown.network_id}
          hint={existing ? 'A dependency stays in its network' : undefined}
        >
          <select
            value={networkId}
            disabled={existing !== undefined}
            onChange={(e) => {
              setNetworkId(e.target.value);
              setMembers([]);
            }}
          >
            <option value="">Choose a network…</option>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="dependency-row">
          <Field label="Colour">
            <select value={color} onChange={(e) => setColor(e.target.value as DependencyBody['color'])}>
              {Object.keys(COLORS).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <span
            className="dependency-swatch dependency-swatch-large"
            style={{ background: colorHex(color) }}
            aria-hidden="true"
          />
          <Field label="Edge style">
            <select value={edgeStyle} onChange={(e) => setEdgeStyle(e.target.value as EdgeStyle)}>
              <option value="Straight">Straight</option>
              <option value="SmoothStep">Smooth step</option>
              <option value="Bezier">Bezier</option>
            </select>
          </Field>
        </div>
        <fieldset className="dependency-fieldset">
          <legend>Type</legend>
          <label>
            <input type="radio" name="type" checked={type === 'RequestPath'} onChange={() => setType('RequestPath')} />{' '}
            Request path <span className="muted">— a request passes through the services in order</span>
          </label>
          <label>
            <input type="radio" name="type" checked={type === 'HubAndSpoke'} onChange={() => setType('HubAndSpoke')} />{' '}
            Hub and spokes <span className="muted">— one hub serves the others</span>
          </label>
        </fieldset>
      </div>

      <section className="card dependency-members-card" aria-labelledby="members-title">
        <h2 id="members-title">{type === 'RequestPath' ? 'Services, in request order' : 'Hub and spokes'}</h2>
        <ChainPreview type={type} ids={members} label={label} color={color} edgeStyle={edgeStyle} description={text} />
        {bindings && (
          <p className="notice">
            This dependency joins bindings; its members can be reordered here, and changed through the API.
          </p>
        )}
        <div className="dependency-columns">
          <div>
            <MemberList
              type={type}
              ids={members}
              label={label}
              onMove={(from, to) => setMembers((m) => moveMember(m, from, to))}
              onRemove={(i) => setMembers((m) => removeMember(m, i))}
              onMakeHub={(i) => setMembers((m) => makeHub(m, i))}
            />
            {shown.members && (
              <p className="field-error" role="alert">
                {shown.members}
              </p>
            )}
            {text && (
              <p className="dependency-chain mono" aria-label="Chain">
                {text}
              </p>
            )}
          </div>
          {!bindings && (
            <ServicePicker
              networkId={networkId}
              chosen={members}
              onAdd={(s) => {
                setPicked((p) => [...p, s]);
                setMembers((m) => addMember(m, s.id));
              }}
            />
          )}
        </div>
      </section>

      {unplaced && (
        <p className="form-error" role="alert">
          {describeError(save.error)}
        </p>
      )}
      <div className="dependency-row">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Save changes' : 'Create dependency'}
        </button>
        <Link to="/dependencies">Cancel</Link>
      </div>
    </form>
  );
}

/** The API's validation errors by field; `members.service_ids[1]` names the member. */
function serverErrors(error: unknown, members: readonly string[], label: (id: string) => string) {
  const out: Partial<Record<'name' | 'network_id' | 'members', string>> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.params.errors)) return out;
  for (const e of error.params.errors as { field: string; message: string }[]) {
    const match = /^(name|network_id|members)(?:\.\w+\[(\d+)\])?/.exec(e.field ?? '');
    if (!match) continue;
    const key = match[1] as keyof typeof out;
    const which = match[2] !== undefined && members[Number(match[2])] ? `${label(members[Number(match[2])])}: ` : '';
    out[key] = `${out[key] ? `${out[key]}; ` : ''}${which}${e.message}`;
  }
  return out;
}
