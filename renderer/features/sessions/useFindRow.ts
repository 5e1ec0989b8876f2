// Find next in a session in browse mode: the search runs on the host, which reads the file a slice at a time.

import { useRef, useState } from 'react';
import type { SessionRow } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';

/**
 * Find next: asks the host for the next matching row after the last one found, a slice of the file at a time (the
 * status says how far it got), wrapping round to the top once; a new query or Escape stops a search under way.
 */
export function useFindRow(session: SessionSummary, show: (row: SessionRow) => void) {
  const host = useHost();
  const [query, setQueryState] = useState('');
  const [status, setStatus] = useState('');
  const lastFound = useRef(-1);
  const searchId = useRef(0);
  const stop = () => {
    searchId.current++;
    setStatus('');
  };
  const setQuery = (value: string) => {
    stop();
    lastFound.current = -1;
    setQueryState(value);
  };
  const next = () => {
    const text = query.trim();
    if (!text) return;
    const id = ++searchId.current;
    const start = lastFound.current + 1;
    const search = async () => {
      let from = start;
      let wrapped = start === 0;
      for (;;) {
        const result = await host.findSessionRow({ sessionId: session.sessionId, text, from });
        if (id !== searchId.current) return;
        if (result.found !== undefined && !(wrapped && start > 0 && result.found >= start)) {
          lastFound.current = result.found;
          const { rows } = await host.readSessionRows({
            sessionId: session.sessionId,
            from: result.found,
            count: 1,
          });
          if (id !== searchId.current || !rows[0]) return;
          setStatus(
            `Row ${(result.found + 1).toLocaleString()}${wrapped && start > 0 ? ' (from the top)' : ''}`,
          );
          show(rows[0]);
          return;
        }
        const end = result.searchedTo >= result.total;
        if ((wrapped && (end || result.searchedTo >= start)) || (end && start === 0)) {
          setStatus(`No row matches “${text}”.`);
          return;
        }
        if (end) {
          wrapped = true;
          from = 0;
        } else from = result.searchedTo;
        setStatus(`Searching… row ${from.toLocaleString()} of ${result.total.toLocaleString()}`);
      }
    };
    search().catch((error: unknown) => {
      if (id === searchId.current)
        setStatus(`The search stopped: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return { query, setQuery, status, next, stop };
}
