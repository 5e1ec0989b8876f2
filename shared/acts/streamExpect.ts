// `expect_stream` (ACTS §7): counts, the state-ordering rule, assertions on events at a position or anywhere, on the
// last event and on every event. Each event is given as its assertion view (views.ts `eventView`) and its task state.

import type { ExpectStream } from './actsTypes';
import { check, showValue, type AssertionFailure } from './assertions';
import { terminalStates } from '../a2a/model';
import { v1State } from './views';

export interface StreamEventInput {
  view: unknown;
  /** The task state the event carries, in 1.0's spelling, when it carries one. */
  state?: string;
}

/** Terminal states in 1.0's spelling, the one the views give events. */
const TERMINAL: ReadonlySet<string> = new Set([...terminalStates].map(v1State));

export function checkStream(expect: ExpectStream, events: readonly StreamEventInput[]): AssertionFailure[] {
  const failures: AssertionFailure[] = [];
  const n = events.length;
  if (expect.min_count !== undefined && n < expect.min_count) {
    failures.push({
      path: 'events',
      message: `the stream had ${n} event${n === 1 ? '' : 's'}, expected at least ${expect.min_count}`,
      expected: `at least ${expect.min_count} events`,
      actual: `${n} events`,
    });
  }
  if (expect.max_count !== undefined && n > expect.max_count) {
    failures.push({
      path: 'events',
      message: `the stream had ${n} events, expected at most ${expect.max_count}`,
      expected: `at most ${expect.max_count} events`,
      actual: `${n} events`,
    });
  }
  if (expect.ordering === 'monotonic_state') failures.push(...monotonic(events));
  for (const [position, entry] of (expect.events ?? []).entries()) {
    const label = entry.description ? ` (${entry.description})` : '';
    if (entry.match === 'any_position') {
      if (!events.some((event) => check(entry.assertion, event.view).length === 0)) {
        failures.push({
          path: `events[any]`,
          message: `no event of ${n} matches expected event ${position + 1}${label}`,
          expected: showValue(entry.assertion),
          actual: `${n} events, none matching`,
        });
      }
      continue;
    }
    const index = entry.index ?? position;
    const event = events[index];
    if (!event) {
      failures.push({
        path: `events[${index}]`,
        message: `the stream has no event ${index}${label}: it had ${n}`,
        expected: showValue(entry.assertion),
        actual: `${n} events`,
      });
      continue;
    }
    failures.push(...prefixed(`events[${index}]`, label, check(entry.assertion, event.view)));
  }
  if (expect.final_event !== undefined) {
    const last = events[n - 1];
    if (!last)
      failures.push({
        path: 'final_event',
        message: 'the stream had no events',
        expected: showValue(expect.final_event),
        actual: 'no events',
      });
    else failures.push(...prefixed('final_event', '', check(expect.final_event, last.view)));
  }
  if (expect.each_event !== undefined) {
    for (const [i, event] of events.entries())
      failures.push(...prefixed(`events[${i}]`, ' (each_event)', check(expect.each_event, event.view)));
  }
  return failures;
}

function prefixed(at: string, label: string, failures: AssertionFailure[]): AssertionFailure[] {
  return failures.map((failure) => ({
    ...failure,
    path: failure.path ? `${at}.${failure.path}` : at,
    message: `${at}${label}: ${failure.message}`,
  }));
}

/**
 * ACTS §7.1: states may repeat, and INPUT_REQUIRED / AUTH_REQUIRED may go back to WORKING; nothing may go back to
 * SUBMITTED, and nothing may follow a terminal state but that same state again (a final Task snapshot, which A2A
 * 1.0 allows a server to resend).
 */
function monotonic(events: readonly StreamEventInput[]): AssertionFailure[] {
  let previous: { state: string; index: number } | undefined;
  for (const [index, event] of events.entries()) {
    const state = event.state;
    if (state === undefined) continue;
    if (previous && state !== previous.state) {
      const illegal =
        state === 'TASK_STATE_SUBMITTED'
          ? 'nothing may go back to SUBMITTED'
          : TERMINAL.has(previous.state)
            ? `${previous.state} is terminal`
            : undefined;
      if (illegal) {
        return [
          {
            path: `events[${index}]`,
            message: `event ${index} moves the task from ${previous.state} (event ${previous.index}) to ${state}: ${illegal}`,
            expected: 'task states that never regress (monotonic_state)',
            actual: `${previous.state} → ${state}`,
          },
        ];
      }
    }
    previous = { state, index };
  }
  return [];
}
