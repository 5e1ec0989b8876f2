// The message composer (MSG-1..7): the message's parts in order (text, files by picker or drag-and-drop, data in a
// JSON editor), its extras and the send configuration, the task and context it names, and the Send button, which is
// disabled with the reason shown while anything is invalid. Ctrl/Cmd+Enter sends. The rules live in draft.ts and
// the hooks; this module lays them out.

import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import type { Generation } from '../../../shared/a2a/generation';
import type { PushAuthMode } from '../../../shared/host/push';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent } from '../agents';
import { cardStreams } from './cardDefaults';
import { ComposerOptions } from './ComposerOptions';
import { checkDraft, type DraftNote } from './draft';
import { OutcomeNotice } from './OutcomeNotice';
import { PartEditor } from './PartEditor';
import { SentRequest } from './SentRequest';
import { TargetLine } from './TargetLine';
import { useAddFiles } from './useAddFiles';
import { useResolvedTarget } from './useComposerTarget';
import { useSendMessage } from './useSendMessage';
import './composer.css';
import { profileOf } from '../../../shared/a2a/profile';

export function Composer() {
  const agent = useActiveAgent();
  const [push, setPush] = useState<PushAuthMode | 'off'>('off');
  const draft = useAppStore(
    useShallow((state) => ({
      composerText: state.composerText,
      parts: state.parts,
      streaming: state.streaming,
      metadataJson: state.metadataJson,
      extensionsText: state.extensionsText,
      referenceTaskIdsText: state.referenceTaskIdsText,
      blocking: state.blocking,
      acceptedOutputModesText: state.acceptedOutputModesText,
      historyLengthText: state.historyLengthText,
    })),
  );
  const setStreaming = useAppStore((state) => state.setStreaming);
  const applyStreamingDefault = useAppStore((state) => state.applyStreamingDefault);
  const addParts = useAppStore((state) => state.addParts);
  const resolved = useResolvedTarget(agent?.id);
  const send = useSendMessage();
  const files = useAddFiles();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);

  // Before paint, so nobody sees (or clicks) the previous agent's choice.
  const agentId = agent?.id;
  const cardText = agent?.cardText;
  useLayoutEffect(() => {
    if (agentId !== undefined && cardText !== undefined)
      applyStreamingDefault(agentId, cardStreams(cardText));
  }, [agentId, cardText, applyStreamingDefault]);

  if (!agent) return null;
  const chosen = agent.chosen;
  const generation: Generation = chosen?.generation ?? agent.generation;
  const check = checkDraft(
    draft,
    resolved.message,
    chosen
      ? { generation: chosen.generation, ...(chosen.binding ? { binding: chosen.binding } : {}) }
      : undefined,
  );
  const canSend = !!check.input && !send.isPending && !!chosen && files.reading === 0;

  const submit = () => {
    if (!canSend || !check.input) return;
    send.mutate({
      agentId: agent.id,
      streaming: draft.streaming,
      input: check.input,
      ...(push !== 'off' ? { push } : {}),
    });
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(false);
    void files.addFiles(event.dataTransfer.files);
  };

  const forPart = (notes: DraftNote[], id: string) => notes.filter((note) => note.partId === id);
  const general = (notes: DraftNote[]) => notes.filter((note) => !note.partId && !note.field);
  const placeholder = `Message ${chosen ? '' : '(no usable interface) '}— Ctrl+Enter to send`;

  return (
    <section
      className={dropping ? 'composer dropping' : 'composer'}
      aria-label="Compose a message"
      data-testid="composer"
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
    >
      <TargetLine resolved={resolved} contextLabel={profileOf(generation).conversationWord} />
      <ol className="composer-parts" aria-label="Message parts">
        {draft.parts.map((part, index) => (
          <PartEditor
            key={part.id}
            part={part}
            index={index}
            count={draft.parts.length}
            problems={forPart(check.problems, part.id)}
            warnings={forPart(check.warnings, part.id)}
            placeholder={placeholder}
            onSubmit={submit}
          />
        ))}
      </ol>
      <div className="composer-add">
        <span className="muted">Add</span>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="composer-add-file">
          File…
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const picked = event.target.files ? [...event.target.files] : [];
            // Cleared so picking the same file again still adds it.
            event.target.value = '';
            void files.addFiles(picked);
          }}
          data-testid="composer-file-input"
        />
        <button
          type="button"
          onClick={() => addParts([{ kind: 'file', source: 'uri', name: '', mediaType: '', uri: '' }])}
          data-testid="composer-add-file-uri"
        >
          File by URI
        </button>
        <button
          type="button"
          onClick={() => addParts([{ kind: 'data', json: '{}', mediaType: '' }])}
          data-testid="composer-add-data"
        >
          Data
        </button>
        <button
          type="button"
          onClick={() => addParts([{ kind: 'text', text: '' }])}
          data-testid="composer-add-text"
        >
          Text
        </button>
        <span className="muted composer-drop-hint">or drop files here</span>
        {files.reading > 0 && <span className="muted">Reading {files.reading} file(s)…</span>}
        {files.error && (
          <span className="composer-note error" role="alert">
            {files.error}
          </span>
        )}
      </div>
      <ComposerOptions problems={check.problems} warnings={check.warnings} onSubmit={submit} />
      {general(check.problems).map((note, i) => (
        <p key={`p${i}`} className="composer-note error" role="alert">
          {note.message}
        </p>
      ))}
      {general(check.warnings).map((note, i) => (
        <p key={`w${i}`} className="composer-note warning" data-testid="composer-warning">
          {note.message}
        </p>
      ))}
      <div className="composer-actions">
        <label>
          <input
            type="checkbox"
            checked={draft.streaming}
            onChange={(event) => setStreaming(event.target.checked)}
            data-testid="composer-streaming"
          />{' '}
          Stream
        </label>
        <label>
          Push{' '}
          <select
            value={push}
            onChange={(event) => setPush(event.target.value as PushAuthMode | 'off')}
            aria-label="Push notifications for this send"
            data-testid="composer-push"
          >
            <option value="off">off</option>
            <option value="token">to Switchboard (token)</option>
            <option value="bearer">to Switchboard (bearer)</option>
          </select>
        </label>
        {check.problems.length > 0 && (
          <span className="composer-blocked" data-testid="composer-blocked">
            Fix {check.problems.length === 1 ? 'the problem' : `${check.problems.length} problems`} above to
            send
          </span>
        )}
        <button type="button" onClick={submit} disabled={!canSend} data-testid="composer-send">
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <OutcomeNotice outcome={send.data} error={send.error} agentId={agent.id} />
      <SentRequest agentId={agent.id} />
    </section>
  );
}
