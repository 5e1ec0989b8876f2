// The body a client gets when fault rules shape an upstream answer (PRX-4): the first byte held back, events spaced
// out, the stream cut after N events, event N spoiled, or nothing at all after the head (a stall). Events are found
// by their framing as the chunks arrive (SSE blocks, gRPC length-prefixed messages), so a shaped stream is still a
// stream: each event goes on as soon as it is whole, and a body with only a first-byte delay passes chunk for chunk.

import { corruptUnit } from '../../../shared/proxy/corruptUnit';
import type { FaultKind } from '../../../shared/proxy/proxyTypes';
import type { ClosedSignal } from '../../../shared/proxy/proxyTypes';
import { isSseEvent, UnitSplitter, type UnitFraming } from '../../../shared/proxy/streamUnits';
import { untilClosed, type FaultClock } from './faultClock';
import type { FaultPlan } from './faultRuleSet';

/**
 * Thrown by a shaped body to cut the stream: the forwarder must end the client's connection without a proper end
 * (no last chunk, no trailers), as a dropped connection does, not finish the answer cleanly.
 */
export class FaultDropError extends Error {
  override readonly name = 'FaultDropError';
}

export interface ShapeContext {
  plan: FaultPlan;
  /** How the body splits into events; undefined for a plain body, which counts as one event. */
  framing: UnitFraming | undefined;
  clock: FaultClock;
  closed: ClosedSignal;
  /** Says what a planned fault turned out to do, when that differs from the plan (a stream shorter than N events). */
  outcome(kind: FaultKind, detail: string): void;
}

async function closeSource(source: AsyncIterable<Uint8Array>): Promise<void> {
  await source[Symbol.asyncIterator]().return?.();
}

/** Head, then nothing: an empty chunk asks the forwarder to send the head now, then the body waits for the client to go. */
async function* stalled(source: AsyncIterable<Uint8Array>, closed: ClosedSignal): AsyncGenerator<Uint8Array> {
  try {
    yield new Uint8Array(0);
    await untilClosed(closed);
  } finally {
    await closeSource(source);
  }
}

async function* delayedOnly(
  source: AsyncIterable<Uint8Array>,
  context: ShapeContext,
): AsyncGenerator<Uint8Array> {
  const first = context.plan.firstByte;
  if (first) await context.clock.wait(first.action.ms, context.closed);
  if (context.closed.aborted) return closeSource(source);
  yield* source;
}

/** A plain body is one event: it is gathered only when it is to be spoiled, since spoiling needs its length. */
async function* plainCorrupted(
  source: AsyncIterable<Uint8Array>,
  context: ShapeContext,
): AsyncGenerator<Uint8Array> {
  const corrupt = context.plan.corrupt;
  if (!corrupt || corrupt.action.eventIndex > 0) {
    if (corrupt)
      context.outcome(
        'corrupt-event',
        `Left the body alone: it has one part, not ${corrupt.action.eventIndex + 1}`,
      );
    return yield* delayedOnly(source, context);
  }
  const parts: Uint8Array[] = [];
  for await (const chunk of source) parts.push(chunk);
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  const first = context.plan.firstByte;
  if (first) await context.clock.wait(first.action.ms, context.closed);
  if (!context.closed.aborted) yield corruptUnit(whole, undefined, corrupt.action.how);
}

interface EventState {
  count: number;
}

/** One unit on its way: spaced, spoiled, counted; returns true when the stream must be cut after it. */
async function* passUnit(
  unit: Uint8Array,
  state: EventState,
  context: ShapeContext,
): AsyncGenerator<Uint8Array, boolean> {
  const { plan, framing } = context;
  const isEvent = framing === 'grpc' || isSseEvent(unit);
  if (!isEvent) {
    yield unit;
    return false;
  }
  if (plan.events && state.count > 0) await context.clock.wait(plan.events.action.ms, context.closed);
  if (context.closed.aborted) return true;
  const spoil = plan.corrupt && plan.corrupt.action.eventIndex === state.count;
  yield spoil && plan.corrupt ? corruptUnit(unit, framing, plan.corrupt.action.how) : unit;
  state.count += 1;
  return plan.drop !== undefined && state.count >= plan.drop.action.afterEvents;
}

async function* eventShaped(
  source: AsyncIterable<Uint8Array>,
  context: ShapeContext,
): AsyncGenerator<Uint8Array> {
  const { plan, closed } = context;
  const splitter = new UnitSplitter(context.framing ?? 'sse');
  const state: EventState = { count: 0 };
  if (plan.firstByte) await context.clock.wait(plan.firstByte.action.ms, closed);
  if (closed.aborted) return closeSource(source);
  if (plan.drop && plan.drop.action.afterEvents === 0) {
    await closeSource(source);
    throw new FaultDropError('Dropped the stream before its first event');
  }
  for await (const chunk of source) {
    for (const unit of splitter.push(chunk)) {
      const cut = yield* passUnit(unit, state, context);
      if (closed.aborted) return;
      if (cut) throw new FaultDropError(`Dropped the stream after ${state.count} events`);
    }
  }
  const rest = splitter.rest();
  if (rest.length > 0) yield rest;
  if (plan.drop)
    context.outcome('drop-stream', `The stream ended by itself after ${state.count} events, before the drop`);
  if (plan.corrupt && plan.corrupt.action.eventIndex >= state.count)
    context.outcome(
      'corrupt-event',
      `The stream ended after ${state.count} events, before event ${plan.corrupt.action.eventIndex + 1} to spoil`,
    );
}

/** The body the client gets under a plan; `source` is the upstream's body, pulled only as fast as the client reads. */
export function shapedBody(
  source: AsyncIterable<Uint8Array>,
  context: ShapeContext,
): AsyncIterable<Uint8Array> {
  const { plan } = context;
  if (plan.stall) return stalled(source, context.closed);
  const perEvent = plan.events !== undefined || plan.drop !== undefined || plan.corrupt !== undefined;
  if (!perEvent) return delayedOnly(source, context);
  if (context.framing === undefined) {
    if (plan.events) context.outcome('delay-events', 'Nothing to space out: the answer is not a stream');
    if (plan.drop) return eventShaped(source, { ...context, framing: 'sse' });
    return plainCorrupted(source, context);
  }
  return eventShaped(source, context);
}
