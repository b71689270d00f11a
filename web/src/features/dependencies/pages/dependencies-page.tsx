import { Link } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { useUrlState } from '../../../lib/url-state';
import { useDeleteDependency, useDependencies, useNetworks, useServiceCatalog } from '../api';
import { ColorSwatch } from '../components/color-swatch';
import { chainText, labelWith } from '../path';
import '../dependencies.css';
import { InlineDelete } from '../../../components/inline-delete';
import { useCanWrite } from '../../auth/api';
import { NetworkSelect } from '../../../components/network-select';

const TYPES = { RequestPath: 'Request path', HubAndSpoke: 'Hub and spokes' } as const;
const EDGES = { Straight: 'Straight', SmoothStep: 'Smooth step', Bezier: 'Bezier' } as const;

export function DependenciesPage() {
  const [params, update] = useUrlState();
  const networkId = params.get('network') || undefined;
  const networks = useNetworks();
  const dependencies = useDependencies(networkId);
  const hasAny = (dependencies.data?.items.length ?? 0) > 0;
  const catalog = useServiceCatalog(networkId, hasAny);
  const label = labelWith(catalog.data);
  const remove = useDeleteDependency();
  const canWrite = useCanWrite();
  const networkName = (id: string) => networks.data?.items.find((n) => n.id === id)?.name ?? id.slice(0, 8);

  return (
    <Page
      title="Dependencies"
      actions={
        canWrite && (
          <Link className="button primary" to="/dependencies/new">
            New dependency
          </Link>
        )
      }
    >
      <p className="muted dependency-intro">
        How services depend on each other: a request path from the first service to the last, or a hub serving its
        spokes. The topology's Application view draws them in their colour.
      </p>
      <div className="toolbar">
        <label className="dependency-inline-label">
          Network{' '}
          <NetworkSelect
            networks={networks.data?.items ?? []}
            value={networkId}
            onChange={(id) => update({ network: id })}
          />
        </label>
      </div>
      {remove.error && (
        <p className="form-error" role="alert">
          {describeError(remove.error)}
        </p>
      )}
      {dependencies.isPending ? (
        <Loading label="Loading dependencies" />
      ) : dependencies.error ? (
        <ErrorState error={dependencies.error} onRetry={() => void dependencies.refetch()} />
      ) : dependencies.data.items.length === 0 ? (
        <EmptyState title="No dependencies yet">
          <p>
            Pick services in the order a request passes through them, for example web:443 → api:8080 → db:5432.{' '}
            <Link to="/dependencies/new">New dependency</Link>
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table aria-label="Dependencies">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Members</th>
                <th scope="col">Colour</th>
                <th scope="col">Edges</th>
                {!networkId && <th scope="col">Network</th>}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {dependencies.data.items.map((d) => {
                const ids = (d.members.type === 'Services' ? d.members.service_ids : d.members.binding_ids) ?? [];
                return (
                  <tr key={d.id}>
                    <td>
                      <strong>{d.name}</strong>
                      {d.description && <div className="muted dependency-small">{d.description}</div>}
                    </td>
                    <td>{TYPES[d.dependency_type]}</td>
                    <td className="mono dependency-chain-cell">
                      {catalog.isPending && hasAny ? '…' : chainText(d.dependency_type, ids, label)}
                    </td>
                    <td>
                      <ColorSwatch color={d.color} />
                    </td>
                    <td>{EDGES[d.edge_style]}</td>
                    {!networkId && <td>{networkName(d.network_id)}</td>}
                    <td className="dependency-actions">
                      {canWrite && (
                        <>
                          <Link className="button" to={`/dependencies/${d.id}/edit`} aria-label={`Edit ${d.name}`}>
                            Edit
                          </Link>{' '}
                          <InlineDelete
                            name={d.name}
                            kind="dependency"
                            pending={remove.isPending}
                            onDelete={(settled) => remove.mutate(d.id, { onSettled: settled })}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
