import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { discoveryKeys } from './api';
import { initialLiveRun, parseRunEvent, RUN_EVENT_TYPES, runEventReducer } from './run-state';

/** How the page learns about the run: its event stream, or (when the stream fails) polling GET /runs/{id}. */
export type LiveSource = 'stream' | 'polling';

/** Reconnects allowed after the stream once worked (EventSource resumes with Last-Event-ID). */
const MAX_RECONNECTS = 3;

/**
 * Follows a run through GET /runs/{id}/events (EventSource on the same origin sends the session
 * cookie). The stream is closed on unmount and after `finished`; when it cannot be opened, or keeps
 * failing, the page falls back to polling the run.
 */
export function useLiveRun(runId: string) {
  const queryClient = useQueryClient();
  const [live, dispatch] = useReducer(runEventReducer, initialLiveRun);
  const [failed, setFailed] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const supported = typeof EventSource !== 'undefined';

  useEffect(() => {
    dispatch({ type: 'reset' });
    if (!supported) return;
    const source = new EventSource(`/api/v1/discovery/runs/${encodeURIComponent(runId)}/events`);
    let received = false;
    let errors = 0;
    const stop = () => {
      source.close();
      setClosed(true);
    };
    for (const type of RUN_EVENT_TYPES) {
      source.addEventListener(type, (message: MessageEvent<string>) => {
        received = true;
        errors = 0;
        const event = parseRunEvent(type, message.data);
        if (!event) return;
        dispatch(event);
        if (event.type === 'finished') {
          stop();
          // The run's row and its diagnostics are complete now: read them again.
          void queryClient.invalidateQueries({ queryKey: discoveryKeys.runs });
        }
      });
    }
    source.onerror = () => {
      errors += 1;
      if (source.readyState === EventSource.CLOSED || !received || errors > MAX_RECONNECTS) {
        source.close();
        setFailed('The live stream is unavailable; following the run by polling instead.');
      }
    };
    return () => {
      source.close();
      setFailed(null);
      setClosed(false);
    };
  }, [runId, supported, queryClient]);

  const source: LiveSource = supported && !failed ? 'stream' : 'polling';
  return {
    live,
    source,
    streamClosed: closed,
    notice: supported ? failed : 'This browser has no EventSource; polling.',
  };
}
