// How the command line speaks: text for people on stdout, or JSON for machines (`--json`), progress on stderr, and
// the exit code an outcome deserves (0 done, 1 failure or findings, 3 unreachable; 2 is for wrong words).

import type { OperationOutcome, StreamEnd } from '../../shared/host/agent';
import type { A2AError, Message, OperationResult, Part, StreamItem, Task } from '../../shared/a2a/model';
import { citationOf, type SpecCitation } from '../../shared/checks/citation';
import type { Finding } from '../../shared/wire/finding';
import type { FrameError } from '../../shared/wire/frame';
import { EXIT } from './args';

export interface Output {
  json: boolean;
  /** A line for people (not printed with --json). */
  say(line: string): void;
  /** One JSON document (or line, for streams) for machines (printed only with --json). */
  emit(value: unknown): void;
  /** Progress and notes, on stderr either way. */
  note(line: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    say: (line) => {
      if (!json) process.stdout.write(`${line}\n`);
    },
    emit: (value) => {
      if (json) process.stdout.write(`${JSON.stringify(value)}\n`);
    },
    note: (line) => process.stderr.write(`${line}\n`),
  };
}

const UNREACHABLE: ReadonlySet<FrameError['kind']> = new Set([
  'dns',
  'refused',
  'reset',
  'unreachable',
  'tls',
  'timeout',
]);

export function isUnreachable(error: FrameError | undefined): boolean {
  return error !== undefined && UNREACHABLE.has(error.kind);
}

const FAILED_STATES = new Set(['failed', 'rejected']);

/** The exit code for an operation's outcome (and, for a stream, how it ended and the last state it reached). */
export function exitFor(outcome: OperationOutcome, end?: StreamEnd, lastState?: string): number {
  if (outcome.status === 'failed') return isUnreachable(outcome.frameError) ? EXIT.unreachable : EXIT.failed;
  if (outcome.status === 'error' || outcome.status === 'invalid' || outcome.status === 'refused')
    return EXIT.failed;
  if (end?.ended === 'error') return streamEndExit(end.frameError);
  const state = lastState ?? (outcome.result?.type === 'task' ? outcome.result.task.status.state : undefined);
  return state !== undefined && FAILED_STATES.has(state) ? EXIT.failed : EXIT.ok;
}

/**
 * A stream that ended in an error had reached the agent: only a timeout (the user's own limit, or an agent gone
 * silent) counts as unreachable; a connection the agent dropped mid-stream is a failure of the agent.
 */
export function streamEndExit(error: FrameError | undefined): number {
  return error?.kind === 'timeout' ? EXIT.unreachable : EXIT.failed;
}

/** An A2A error in words, its code named for the generation (FRM-3). */
export function errorLine(error: A2AError): string {
  const name = error.name ? ` ${error.name}` : '';
  const code = error.code !== undefined ? ` ${error.code}` : '';
  const http = error.httpStatus !== undefined ? ` (HTTP ${error.httpStatus})` : '';
  return `A2A error${code}${name}${http}: ${error.message}`;
}

/** A cited section in words: its label, then its link in angle brackets (so a terminal can tell where it ends). */
export function citationText(citation: SpecCitation): string {
  return citation.url ? `${citation.label} <${citation.url}>` : citation.label;
}

/**
 * Rules the answer broke (wrong content type, id mismatch …), one line each, as the app shows them on a frame, with
 * the public section each rule comes from.
 */
export function findingLines(findings: readonly Finding[], indent = '  '): string[] {
  return findings.map((finding) => {
    const citation = citationOf(finding.spec, finding.specUrl, { rule: finding.rule });
    return `${indent}${finding.severity}: [${finding.rule}] ${finding.message}${citation ? ` (${citationText(citation)})` : ''}`;
  });
}

export function partText(part: Part): string {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'data') return JSON.stringify(part.data);
  if (part.kind === 'unknown') return '[a part of unknown kind]';
  const size = part.bytes !== undefined ? `, ${Math.floor((part.bytes.length * 3) / 4)} bytes` : '';
  return `[file ${part.name ?? ''}${part.mediaType ? ` ${part.mediaType}` : ''}${part.uri ? ` ${part.uri}` : ''}${size}]`;
}

function messageLines(message: Message, who = message.role === 'user' ? 'You' : 'Agent'): string[] {
  return [`${who}: ${message.parts.map(partText).join(' ')}`];
}

/** A task in words; its history only when asked for (`get`: a sent message's history is what was just sent). */
export function taskLines(task: Task, withHistory = false): string[] {
  const lines = [
    `Task ${task.id} · ${task.status.stateWire}${task.contextId ? ` · context ${task.contextId}` : ''}`,
  ];
  if (task.status.message) lines.push(...messageLines(task.status.message, '  Status'));
  for (const artifact of task.artifacts) {
    lines.push(
      `  Artifact ${artifact.name ?? artifact.artifactId ?? ''}: ${artifact.parts.map(partText).join('')}`,
    );
  }
  if (withHistory && task.history.length > 0) {
    lines.push(`  History (${task.history.length} message${task.history.length === 1 ? '' : 's'}):`);
    for (const message of task.history) lines.push(...messageLines(message, `    ${roleWord(message)}`));
  }
  return lines;
}

function roleWord(message: Message): string {
  return message.role === 'user' ? 'User' : 'Agent';
}

export function resultLines(result: OperationResult, withHistory = false): string[] {
  switch (result.type) {
    case 'task':
      return taskLines(result.task, withHistory);
    case 'message':
      return messageLines(result.message);
    case 'task-page':
      return [
        `${result.page.tasks.length} task${result.page.tasks.length === 1 ? '' : 's'}${result.page.nextPageToken ? ` (next page: ${result.page.nextPageToken})` : ''}`,
        ...result.page.tasks.map((task) => `  ${task.id} · ${task.status.stateWire}`),
      ];
    case 'push-config':
      return [`Push config ${result.config.id ?? ''} → ${result.config.url}`];
    case 'push-configs':
      return result.configs.map((config) => `Push config ${config.id ?? ''} → ${config.url}`);
    case 'card':
      return [JSON.stringify(result.card, null, 2)];
    case 'empty':
      return ['Done (empty answer).'];
  }
}

/** An outcome that is not a result, in words: the error with its A2A code named, or what went wrong. */
export function problemLine(outcome: OperationOutcome): string {
  if (outcome.error) return errorLine(outcome.error);
  if (outcome.frameError) return `${outcome.frameError.label}: ${outcome.frameError.message}`;
  return outcome.message;
}

export function itemLine(item: StreamItem): string {
  switch (item.kind) {
    case 'task':
      return `[task] ${item.task.id} · ${item.task.status.stateWire}`;
    case 'message':
      return `[message] ${item.message.parts.map(partText).join(' ')}`;
    case 'status-update': {
      const words = item.update.status.message
        ? ` — ${item.update.status.message.parts.map(partText).join(' ')}`
        : '';
      return `[status] ${item.update.status.stateWire}${item.update.final ? ' (final)' : ''}${words}`;
    }
    case 'artifact-update':
      return `[artifact] ${item.update.artifact.name ?? item.update.artifact.artifactId ?? ''}${item.update.append ? ' (+)' : ''}: ${item.update.artifact.parts.map(partText).join('')}`;
    case 'unknown':
      return `[unknown] ${JSON.stringify(item.wire)}`;
  }
}
