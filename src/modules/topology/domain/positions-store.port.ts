import type { TenantContext } from '../../../common/auth/tenant-context';
import type { View } from './graph';
import type { Positions } from './positions';

/** The saved layout of a view; nothing outside the caller's networks is read or written. */
export interface PositionsStore {
  forView(ctx: TenantContext, networkId: string, view: View): Promise<Positions>;
  /** Inserts or moves each node; nodes not named keep their place. */
  merge(ctx: TenantContext, networkId: string, view: View, positions: Positions): Promise<number>;
  reset(ctx: TenantContext, networkId: string, view: View): Promise<number>;
}

export const POSITIONS_STORE = Symbol('POSITIONS_STORE');
