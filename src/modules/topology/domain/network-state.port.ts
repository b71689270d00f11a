import type { NetworkState, View } from './graph';

/** The rows a view of one network is built from, live or as of an instant. */
export interface NetworkStateReader {
  /** The caller has checked that it may access the network. `also`: tables read besides the view's own. */
  load(
    organizationId: string,
    networkId: string,
    view: View,
    at: Date | null,
    also?: readonly (keyof NetworkState)[],
  ): Promise<NetworkState>;
}

export const NETWORK_STATE_READER = Symbol('NETWORK_STATE_READER');
