import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The event types the stream sends (docs/webhooks.md). */
export const LIVE_EVENT_TYPES = [
  'host.created',
  'host.changed',
  'host.deleted',
  'host.stale',
  'link.added',
  'link.removed',
  'discovery.run.finished',
] as const;

interface LiveEvent {
  type: string;
  network_id: string | null;
}

/**
 * Query keys other features own, by prefix (features do not import each other): the host list and hosts
 * (`['hosts', ...]`), the topology graphs of a network (`['topology', 'graph', networkId, ...]`), the runs.
 */
export function invalidateFor(client: QueryClient, event: LiveEvent): void {
  if (event.type.startsWith('host.') || event.type === 'discovery.run.finished')
    void client.invalidateQueries({ queryKey: ['hosts'] });
  const graphs = event.network_id ? ['topology', 'graph', event.network_id] : ['topology', 'graph'];
  void client.invalidateQueries({ queryKey: graphs });
  if (event.type === 'discovery.run.finished') void client.invalidateQueries({ queryKey: ['discovery'] });
}

/**
 * Follows GET /api/v1/events/stream while signed in (EventSource sends the session cookie and, on
 * reconnect, Last-Event-ID) and refreshes the queries an event makes stale, so open pages update.
 */
export function useLiveEvents(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events/stream');
    const onEvent = (message: MessageEvent<string>) => {
      try {
        invalidateFor(client, JSON.parse(message.data) as LiveEvent);
      } catch {
        // A malformed message is skipped; the next one refreshes as usual.
      }
    };
    LIVE_EVENT_TYPES.forEach((type) => source.addEventListener(type, onEvent));
    return () => source.close();
  }, [client, enabled]);
}
