// Serve a session as a mock A2A agent on 127.0.0.1 (SES-7), for people building clients: pick the timing (as
// recorded, or compressed), start it, and copy its URL. Running mocks are listed in the sidebar, each with Stop.

import { useState } from 'react';
import type { MockTiming } from '../../../shared/session/types';
import { useAppStore } from '../../store/appStore';
import { CopyButton } from './CopyButton';
import { SessionDialog } from './SessionDialog';
import { useSessionUi } from './sessionUiStore';
import { useStartMockAgent } from './useSessionActions';

const TIMINGS: Array<[MockTiming, string]> = [
  ['original', 'Original timing: answers and stream events come with the recorded delays'],
  ['compressed', 'Compressed: the same answers without the waits'],
];

export function MockAgentDialog() {
  const open = useSessionUi((state) => state.mockOpen);
  const close = useSessionUi((state) => state.closeDialogs);
  return (
    <SessionDialog
      open={open}
      onClose={close}
      className="mock-dialog"
      label="Serve as a mock agent"
      testId="mock-dialog"
    >
      <MockForm onDone={close} />
    </SessionDialog>
  );
}

function MockForm({ onDone }: { onDone: () => void }) {
  const title = useAppStore((state) => state.replay?.session.title);
  const [timing, setTiming] = useState<MockTiming>('compressed');
  const start = useStartMockAgent();
  const mock = start.data;
  return (
    <form method="dialog" onSubmit={(event) => event.preventDefault()}>
      <h2>Serve {title ? `“${title}”` : 'this run'} as a mock agent</h2>
      <p className="muted">
        A local A2A agent on 127.0.0.1 that answers with the recorded card, answers and stream events, for
        testing a client against a known conversation.
      </p>
      <fieldset>
        <legend>Timing</legend>
        {TIMINGS.map(([value, label]) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="mock-timing"
              checked={timing === value}
              onChange={() => setTiming(value)}
              data-testid={`mock-timing-${value}`}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {start.error && (
        <p className="error-text" role="alert" data-testid="mock-error">
          The mock agent did not start: {start.error.message}
        </p>
      )}
      {mock && (
        <div className="mock-started" data-testid="mock-started">
          <p>Serving at</p>
          <p>
            <code className="url" data-testid="mock-url">
              {mock.url}
            </code>{' '}
            <CopyButton text={mock.url} testId="mock-copy" />
          </p>
          <p className="muted">
            Its card: <code data-testid="mock-card-url">{mock.cardUrl}</code>
          </p>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onDone} data-testid="mock-close">
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => start.mutate(timing)}
          disabled={start.isPending}
          data-testid="mock-start"
        >
          {start.isPending ? 'Starting…' : mock ? 'Start another' : 'Start'}
        </button>
      </div>
    </form>
  );
}
