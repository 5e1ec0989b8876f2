// The sidebar's sessions (SES-7, SES-8): recent sessions to open again — saved, opened before, and the journals of
// earlier runs (a run that crashed is recovered from its journal here) — and the mock agents running now, each with
// its URL to copy and a Stop button.

import { useAppStore } from '../../store/appStore';
import { CopyButton } from './CopyButton';
import { describeRecent } from './sessionText';
import { useMockAgents, useOpenSession, useRecentSessions, useStopMockAgent } from './useSessionActions';
import { useOpenBeside } from './useOpenBeside';
import { onListArrowKeys } from '../../ui/listKeys';

export function SessionsPanel() {
  const recent = useRecentSessions();
  const mocks = useMockAgents();
  const open = useOpenSession();
  const beside = useOpenBeside();
  const stop = useStopMockAgent();
  const replayPath = useAppStore((state) => state.replay?.session.path);

  return (
    <section className="sidebar sessions-panel" aria-label="Sessions" data-testid="sessions-panel">
      <h2>Sessions</h2>
      <h3>Recent</h3>
      {recent.isError ? (
        <p className="error-text" data-testid="recent-error">
          The recent sessions could not be listed: {recent.error.message}
        </p>
      ) : recent.data && recent.data.length > 0 ? (
        <ul className="agent-list" onKeyDown={onListArrowKeys} data-testid="recent-sessions">
          {recent.data.map((session) => (
            <li key={`${session.kind}:${session.path}`} className="recent-row">
              <button
                type="button"
                className={session.path === replayPath ? 'agent recent selected' : 'agent recent'}
                onClick={() => open.mutate({ path: session.path })}
                title={
                  session.kind === 'journal'
                    ? `${session.path}\nThe recording of an earlier run: open it to recover what it captured.`
                    : session.path
                }
                data-testid="recent-session"
                data-kind={session.kind}
              >
                <span className="recent-title">{session.title}</span>
                <span className="muted recent-meta">{describeRecent(session)}</span>
              </button>
              <button
                type="button"
                className="recent-beside"
                onClick={() => beside.mutate({ path: session.path })}
                disabled={beside.isPending}
                title={`Open ${session.title} in a tab beside the live run`}
                aria-label={`Open ${session.title} beside the live run`}
                data-testid="recent-beside"
              >
                ⧉
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="recent-empty">
          {recent.isPending ? 'Listing…' : 'Saved sessions and earlier runs appear here.'}
        </p>
      )}
      <h3>Mock agents</h3>
      {mocks.isError ? (
        <p className="error-text" data-testid="mocks-error">
          The mock agents could not be listed: {mocks.error.message}
        </p>
      ) : mocks.data && mocks.data.length > 0 ? (
        <ul className="mock-list" onKeyDown={onListArrowKeys} data-testid="mock-agents">
          {mocks.data.map((mock) => (
            <li key={mock.id} data-testid="mock-agent">
              <code className="url" title={`${mock.timing} timing`} data-testid="mock-agent-url">
                {mock.url}
              </code>
              <span className="mock-actions">
                <CopyButton text={mock.url} />
                <button
                  type="button"
                  onClick={() => stop.mutate(mock.id)}
                  disabled={stop.isPending}
                  data-testid="mock-stop"
                >
                  Stop
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="mocks-empty">
          None running. “Mock…” serves a session as an agent on 127.0.0.1.
        </p>
      )}
    </section>
  );
}
