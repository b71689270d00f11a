import type { Instance } from './cluster';
import { type Caller, send } from './wire';

export interface Served {
  lane: number;
  by: 'A' | 'B';
  status: number;
  /** Why the request went to the other instance: the first one's socket error. */
  failover?: string;
}

/**
 * A steady stream of GET requests, one lane per caller, each lane sent to its instance and, when that one
 * refuses or resets the connection, to the other: what a proxy with health checks in front of both does.
 * A request that reaches an instance while it drains is served there (any other answer is the stream's).
 */
export function requestStream(lanes: { caller: Caller; first: Instance; other: Instance }[], path: string) {
  const served: Served[] = [];
  let streaming = true;
  const once = async (lane: number): Promise<Served> => {
    const { caller, first, other } = lanes[lane];
    let failover: string;
    try {
      return { lane, by: first.name, status: (await send(first.port, caller, 'GET', path)).status };
    } catch (error) {
      failover = (error as NodeJS.ErrnoException).code ?? String(error);
    }
    return { lane, by: other.name, status: (await send(other.port, caller, 'GET', path)).status, failover };
  };
  const running = Promise.all(
    lanes.map(async (_, lane) => {
      while (streaming) {
        served.push(await once(lane));
        // About 10 a second per lane: well inside each caller's budget (5 a second after a burst of 150).
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  return {
    served,
    stop: async () => {
      streaming = false;
      await running;
      return served;
    },
  };
}
