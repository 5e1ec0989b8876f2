// The message composer (MSG-1..7): the message's parts in order (text, files by picker or drag-and-drop, data in a
// JSON editor), its extras and the send configuration, the task and context it names, and the Send button, which is
// disabled with the reason shown while anything is invalid. Ctrl/Cmd+Enter sends. The rules live in draft.ts and
// the hooks; this module and its rows (ComposerAddBar.tsx, ComposerActions.tsx) lay them out. A send that opened a
// stream is followed by StreamStatusNotice.tsx until it ends, with Stop beside Send (MSG-9).

import { useState } from 'react';
import type { Generation } from '../../../shared/a2a/generation';
import type { PushAuthMode } from '../../../shared/host/push';
import { useActiveAgent } from '../agents';
import { ComposerActions } from './ComposerActions';
import { ComposerAddBar } from './ComposerAddBar';
import { ComposerOptions } from './ComposerOptions';
import { checkDraft, type DraftNote } from './draft';
import { OutcomeNotice } from './OutcomeNotice';
import { PartEditor } from './PartEditor';
import { RouteHoldNotice } from './RouteHoldNotice';
import { SentRequest } from './SentRequest';
import { StreamStatusNotice } from './StreamStatusNotice';
import { TargetLine } from './TargetLine';
import { useAddFiles } from './useAddFiles';
import { useComposerStream } from './useComposerStream';
import { useComposerDraft } from './useComposerDraft';
import { useResolvedTarget } from './useComposerTarget';
import { useFileDrop } from './useFileDrop';
import { useSendMessage } from './useSendMessage';
import { useStreamingDefault } from './useStreamingDefault';
import './composer.css';
import { profileOf } from '../../../shared/a2a/profile';

const forPart = (notes: DraftNote[], id: string) => notes.filter((note) => note.partId === id);
const general = (notes: DraftNote[]) => notes.filter((note) => !note.partId && !note.field);

export function Composer() {
  const agent = useActiveAgent();
  const [push, setPush] = useState<PushAuthMode | 'off'>('off');
  const draft = useComposerDraft();
  const resolved = useResolvedTarget(agent?.id);
  const send = useSendMessage();
  const stream = useComposerStream(send.data);
  const files = useAddFiles();
  const drop = useFileDrop(files.addFiles);
  useStreamingDefault(agent?.id, agent?.cardText);

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

  const sendDraft = (despiteMissingRoute: boolean) => {
    if (!canSend || !check.input) return;
    send.mutate({
      agentId: agent.id,
      streaming: draft.streaming,
      input: check.input,
      ...(push !== 'off' ? { push } : {}),
      ...(despiteMissingRoute ? { despiteMissingRoute } : {}),
    });
  };
  const submit = () => sendDraft(false);
  // A hold an earlier run found (CARD-3) is shown until this window sends; then the outcome tells the story.
  const savedHold =
    agent.routeHold && !send.data && !send.error && !send.isPending ? agent.routeHold : undefined;

  const held = send.data?.routeMissing && send.data.status === 'refused' ? send.variables : undefined;
  const sendAnyway = held ? () => send.mutate({ ...held, despiteMissingRoute: true }) : undefined;

  const placeholder = `Message ${chosen ? '' : '(no usable interface) '}— Ctrl+Enter to send`;

  return (
    <section
      className={drop.dropping ? 'composer dropping' : 'composer'}
      aria-label="Compose a message"
      data-testid="composer"
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
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
      <ComposerAddBar files={files} />
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
      <ComposerActions
        streaming={draft.streaming}
        push={push}
        setPush={setPush}
        problems={check.problems.length}
        canSend={canSend}
        sending={send.isPending}
        onSend={submit}
        onStop={stream?.stop}
        stopping={stream?.stopping ?? false}
      />
      {stream && !send.error ? (
        <StreamStatusNotice frame={stream.frame} open={stream.open} />
      ) : savedHold ? (
        <RouteHoldNotice hold={savedHold} canSend={canSend} onSendAnyway={() => sendDraft(true)} />
      ) : (
        <OutcomeNotice outcome={send.data} error={send.error} agentId={agent.id} onSendAnyway={sendAnyway} />
      )}
      <SentRequest agentId={agent.id} />
    </section>
  );
}
