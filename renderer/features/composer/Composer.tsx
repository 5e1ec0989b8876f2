// The message composer: text, streaming on or off, Ctrl/Cmd+Enter to send. It says when a send continues a task
// that waits for the user, and offers to start a new task instead.

import type { KeyboardEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents/useAgentActions';
import { OutcomeNotice } from './OutcomeNotice';
import { useWaitingTask } from './useComposerTarget';
import { useSendMessage } from './useSendMessage';

export function Composer() {
  const agent = useActiveAgent();
  const text = useAppStore((state) => state.composerText);
  const setText = useAppStore((state) => state.setComposerText);
  const streaming = useAppStore((state) => state.streaming);
  const setStreaming = useAppStore((state) => state.setStreaming);
  const target = useAppStore((state) => state.target);
  const setTarget = useAppStore((state) => state.setTarget);
  const waiting = useWaitingTask(agent?.id);
  const send = useSendMessage();

  // Derived, not stored: a task that stops waiting (answered, or finished elsewhere) stops being the target at once.
  const continued =
    target.kind === 'task'
      ? { taskId: target.taskId, contextId: target.contextId, state: undefined }
      : target.kind === 'auto' && waiting
        ? { taskId: waiting.task.id, contextId: waiting.task.contextId, state: waiting.state }
        : undefined;

  if (!agent) return null;
  const canSend = text.trim() !== '' && !send.isPending && !!agent.chosen;
  const submit = () => {
    if (!canSend) return;
    send.mutate(
      {
        agentId: agent.id,
        parts: [{ kind: 'text', text }],
        streaming,
        ...(continued ? { taskId: continued.taskId } : {}),
        ...(continued?.contextId ? { contextId: continued.contextId } : {}),
      },
      { onSuccess: () => setTarget({ kind: 'auto' }) },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className="composer" aria-label="Compose a message" data-testid="composer">
      {continued && (
        <p className="continues" data-testid="composer-continues">
          Continues task <code>{continued.taskId}</code>
          {continued.state && <> ({continued.state})</>}
          <button type="button" onClick={() => setTarget({ kind: 'new' })} data-testid="composer-new-task">
            Start a new task
          </button>
        </p>
      )}
      <textarea
        data-testid="composer-text"
        aria-label="Message text"
        placeholder={`Message ${agent.chosen ? '' : '(no usable interface) '}— Ctrl+Enter to send`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
      />
      <div className="composer-actions">
        <label>
          <input
            type="checkbox"
            checked={streaming}
            onChange={(event) => setStreaming(event.target.checked)}
            data-testid="composer-streaming"
          />{' '}
          Stream
        </label>
        <button type="button" onClick={submit} disabled={!canSend} data-testid="composer-send">
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <OutcomeNotice outcome={send.data} error={send.error} agentId={agent.id} />
    </section>
  );
}
