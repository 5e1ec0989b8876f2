// Compares two digests of the same run (SES-4): the recording and its re-send. Steps are matched by position; each
// difference is one plain sentence a user can read without opening a frame ("Step 2 (message/send): final state was
// completed, now failed"), with the two values beside it. Durations always differ a little, so they come back as a
// separate list rather than as differences.

import type { RunDifference } from './types';
import type { ArtifactDigest, RunStep, RunDigest, StepError } from './runDigest';

export interface RunComparison {
  differences: RunDifference[];
  /** Per step present in both runs: how long it took then and now. */
  timing: Array<{ step: number; beforeMs: number; afterMs: number }>;
}

/** Step numbers in differences and timing count from 1, as the messages do. */
export function diffRuns(before: RunDigest, after: RunDigest): RunComparison {
  const differences: RunDifference[] = [];
  const timing: RunComparison['timing'] = [];
  const count = Math.max(before.steps.length, after.steps.length);
  for (let index = 0; index < count; index++) {
    const number = index + 1;
    const old = before.steps[index];
    const now = after.steps[index];
    if (old && !now) {
      differences.push({
        step: number,
        aspect: 'missing',
        message: `${label(number, old)}: recorded, but the new run has no such step.`,
        before: old.operation,
      });
      continue;
    }
    if (now && !old) {
      differences.push({
        step: number,
        aspect: 'extra',
        message: `${label(number, now)}: new in this run; the recording has no such step.`,
        after: now.operation,
      });
      continue;
    }
    if (!old || !now) continue;
    differences.push(...diffStep(number, old, now));
    if (old.durationMs !== undefined && now.durationMs !== undefined) {
      timing.push({ step: number, beforeMs: old.durationMs, afterMs: now.durationMs });
    }
  }
  return { differences, timing };
}

function diffStep(number: number, old: RunStep, now: RunStep): RunDifference[] {
  const out: RunDifference[] = [];
  const name = label(number, old);
  const add = (aspect: string, message: string, before: unknown, after: unknown) =>
    out.push({ step: number, aspect, message: `${name}: ${message}`, before, after });

  if (now.notSent !== undefined) {
    add('sent', `not sent this time: ${now.notSent}`, old.operation, null);
    return out;
  }
  exchangeDifferences(old, now, add);
  contentDifferences(old, now, add);
  return out;
}

type AddDifference = (aspect: string, message: string, before: unknown, after: unknown) => void;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How the exchange went: what was asked, over what, and how it ended. */
function exchangeDifferences(old: RunStep, now: RunStep, add: AddDifference): void {
  const request = (step: RunStep) => step.rpcMethod ?? step.operation;
  if (request(old) !== request(now)) {
    add('operation', `was ${request(old)}, now ${request(now)}`, request(old), request(now));
  }
  if (old.generation !== now.generation) {
    add(
      'generation',
      `A2A version was ${old.generation ?? 'unknown'}, now ${now.generation ?? 'unknown'}`,
      old.generation,
      now.generation,
    );
  }
  if (old.binding !== now.binding) {
    add(
      'binding',
      `binding was ${old.binding ?? 'unknown'}, now ${now.binding ?? 'unknown'}`,
      old.binding,
      now.binding,
    );
  }
  if (old.failure !== now.failure) {
    add(
      'failure',
      old.failure === undefined
        ? `the exchange failed now (${now.failure})`
        : now.failure === undefined
          ? `the exchange failed before (${old.failure}), now it did not`
          : `the exchange failed with "${old.failure}", now "${now.failure}"`,
      old.failure ?? null,
      now.failure ?? null,
    );
  }
  if (old.httpStatus !== now.httpStatus) {
    add(
      'status',
      `HTTP status was ${old.httpStatus ?? 'none'}, now ${now.httpStatus ?? 'none'}`,
      old.httpStatus ?? null,
      now.httpStatus ?? null,
    );
  }
  if (old.outcome !== now.outcome) {
    add(
      'outcome',
      `the answer was ${outcomeWords(old.outcome)}, now ${outcomeWords(now.outcome)}`,
      old.outcome ?? null,
      now.outcome ?? null,
    );
  }
  if (old.streamEnded !== now.streamEnded) {
    add(
      'stream',
      `the stream ended ${old.streamEnded ?? 'never'}, now ${now.streamEnded ?? 'never'}`,
      old.streamEnded ?? null,
      now.streamEnded ?? null,
    );
  }
  const error = errorDifference(old.error, now.error);
  if (error) add('error', error, old.error ?? null, now.error ?? null);
}

/** What came back: the result, the task's states and artifacts, the agent's words, a list or a document. */
function contentDifferences(old: RunStep, now: RunStep, add: AddDifference): void {
  if (old.result !== now.result) {
    add(
      'result',
      `the result was ${old.result ?? 'none'}, now ${now.result ?? 'none'}`,
      old.result ?? null,
      now.result ?? null,
    );
  }
  if (old.finalState !== now.finalState) {
    add(
      'final-state',
      `final state was ${old.finalState ?? 'none'}, now ${now.finalState ?? 'none'}`,
      old.finalState ?? null,
      now.finalState ?? null,
    );
  } else if (!same(old.states, now.states)) {
    add('states', `states were ${sequence(old.states)}, now ${sequence(now.states)}`, old.states, now.states);
  }
  for (const difference of artifactDifferences(old.artifacts, now.artifacts)) {
    add('artifacts', difference.message, difference.before, difference.after);
  }
  if (!same(old.messages, now.messages)) {
    add(
      'messages',
      `the agent said ${quoteList(old.messages)}, now ${quoteList(now.messages)}`,
      old.messages,
      now.messages,
    );
  }
  if (!same(old.listed, now.listed)) {
    add(
      'listed',
      `the list held ${taskList(old.listed)}, now ${taskList(now.listed)}`,
      old.listed ?? null,
      now.listed ?? null,
    );
  }
  if (old.document !== now.document) {
    add(
      'document',
      old.document === undefined
        ? 'returned a document it did not return before'
        : now.document === undefined
          ? 'no longer returned the document it did before'
          : 'the document returned differs',
      old.document ?? null,
      now.document ?? null,
    );
  }
}

function artifactDifferences(
  old: readonly ArtifactDigest[],
  now: readonly ArtifactDigest[],
): Array<{ message: string; before: unknown; after: unknown }> {
  const out: Array<{ message: string; before: unknown; after: unknown }> = [];
  const names = [...new Set([...old.map((a) => a.name), ...now.map((a) => a.name)])];
  for (const name of names) {
    const a = old.find((artifact) => artifact.name === name);
    const b = now.find((artifact) => artifact.name === name);
    if (a && !b) {
      out.push({ message: `artifact "${name}" is missing now`, before: a, after: null });
    } else if (b && !a) {
      out.push({ message: `new artifact "${name}"`, before: null, after: b });
    } else if (a && b) {
      if (JSON.stringify(a.content) !== JSON.stringify(b.content)) {
        out.push({
          message: `artifact "${name}" changed: was ${quote(a.content.join('\n'))}, now ${quote(b.content.join('\n'))}`,
          before: a.content,
          after: b.content,
        });
      }
      if (a.complete !== b.complete) {
        out.push({
          message: a.complete
            ? `artifact "${name}" was complete, now its last chunk never came`
            : `artifact "${name}" was left incomplete, now it is complete`,
          before: a.complete,
          after: b.complete,
        });
      }
    }
  }
  return out;
}

function errorDifference(old: StepError | undefined, now: StepError | undefined): string | undefined {
  if (!old && !now) return undefined;
  if (!old) return `no error before, now ${errorWords(now!)}`;
  if (!now) return `the error ${errorWords(old)} is gone`;
  if (old.code !== now.code) return `error code was ${old.code ?? 'none'}, now ${now.code ?? 'none'}`;
  if (old.name !== now.name) return `error was ${old.name ?? 'unnamed'}, now ${now.name ?? 'unnamed'}`;
  if (old.message !== now.message) {
    return `error message was ${quote(old.message)}, now ${quote(now.message)}`;
  }
  return undefined;
}

function errorWords(error: StepError): string {
  const head = [error.code, error.name].filter((x) => x !== undefined).join(' ');
  return head ? `${head} ${quote(error.message)}` : quote(error.message);
}

function outcomeWords(outcome: string | undefined): string {
  switch (outcome) {
    case 'result':
      return 'a result';
    case 'error':
      return 'an A2A error';
    case 'stream':
      return 'a stream';
    case 'invalid':
      return 'not a usable A2A answer';
    case undefined:
      return 'missing';
    default:
      return outcome;
  }
}

function label(number: number, step: RunStep): string {
  return `Step ${number} (${step.rpcMethod ?? step.operation})`;
}

function sequence(states: readonly string[]): string {
  return states.length === 0 ? 'none' : states.join(' → ');
}

function taskList(states: readonly string[] | undefined): string {
  if (!states) return 'nothing';
  if (states.length === 0) return 'no tasks';
  return `${states.length} task${states.length === 1 ? '' : 's'} (${states.join(', ')})`;
}

function quoteList(texts: readonly string[]): string {
  return texts.length === 0 ? 'nothing' : texts.map(quote).join(', ');
}

/** Quoted and cut short: a message names the change; the values themselves are in `before` and `after`. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 79)}…` : flat);
}
