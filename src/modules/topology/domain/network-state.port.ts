import type { TenantContext } from '../../../common/auth/tenant-context';
import type { NetworkState, View } from './graph';

/** The rows a view of one network is built from, live or as of an instant. */
export interface NetworkStateReader {
  /** Nothing outside the caller's networks. `also`: tables read besides the view's own. */
  load(
    ctx: TenantContext,
    networkId: string,
    view: View,
    at: Date | null,
    also?: readonly (keyof NetworkState)[],
  ): Promise<NetworkState>;
}

export const NETWORK_STATE_READER = Symbol('NETWORK_STATE_READER');
