import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { type Network, useNetworks } from '../api';

/**
 * The networks a discovery form scans into: loading, error and "none yet" states, then the form with the
 * network to start from (the `network` URL parameter, or the only network).
 */
export function RequireNetwork({ children }: { children: (networks: Network[], initialNetwork: string) => ReactNode }) {
  const [params] = useSearchParams();
  const networks = useNetworks();
  if (networks.isPending) return <Loading label="Loading networks" />;
  if (networks.error) return <ErrorState error={networks.error} onRetry={() => void networks.refetch()} />;
  const items = networks.data.items;
  if (items.length === 0)
    return (
      <EmptyState title="No network to scan into">
        <p>
          Discovery puts what it finds in a network. <Link to="/networks">Create a network</Link> with a subnet first.
        </p>
      </EmptyState>
    );
  return children(items, params.get('network') ?? (items.length === 1 ? items[0].id : ''));
}
