import type { View } from './graph';
import type { Positions } from './positions';

/** The saved layout of a view; `scope` is the caller's networks (null = all of the organization's). */
export interface PositionsStore {
  forView(organizationId: string, networkId: string, view: View, scope: readonly string[] | null): Promise<Positions>;
  /** Inserts or moves each node; nodes not named keep their place. */
  merge(
    organizationId: string,
    networkId: string,
    view: View,
    scope: readonly string[] | null,
    positions: Positions,
  ): Promise<number>;
  reset(organizationId: string, networkId: string, view: View, scope: readonly string[] | null): Promise<number>;
}

export const POSITIONS_STORE = Symbol('POSITIONS_STORE');
