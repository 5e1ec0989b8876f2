// A host for integration tests that keeps every frame it publishes, newest revision of each, in arrival order —
// what the renderer's store would hold — plus the batches as they came, so tests can assert on frames rather than
// on return values alone.

import { expect } from 'vitest';
import type { OperationOutcome } from '../../../shared/host/agent';
import type { HostService } from '../../../shared/host/hostApi';
import type { Frame, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { createHost } from '../../../electron/host/createHost';

export interface RecordingHost {
  host: HostService;
  /** Every frame, newest revision, in order of first arrival. */
  frames(): Frame[];
  http(id: string): HttpFrame;
  /** The sse frames of one exchange, in arrival order. */
  events(exchangeId: string): SseFrame[];
  /** Every revision of one exchange as published, in order. */
  revisions(id: string): HttpFrame[];
  batchSizes: number[];
  /** Waits until the event bus has delivered what is queued (it flushes once per event-loop turn). */
  flush(): Promise<void>;
}

export function recordingHost(): RecordingHost {
  const host = createHost({ edition: 'test', appVersion: '0' });
  const latest = new Map<string, Frame>();
  const order: string[] = [];
  const revisions = new Map<string, HttpFrame[]>();
  const batchSizes: number[] = [];
  host.onEvent((event) => {
    if (event.type !== 'frames') return;
    batchSizes.push(event.frames.length);
    // Copied as IPC or HTTP would copy them, so a frame changed after it was published is caught here.
    for (const frame of structuredClone(event.frames)) {
      if (!latest.has(frame.id)) order.push(frame.id);
      latest.set(frame.id, frame);
      if (frame.kind === 'http') revisions.set(frame.id, [...(revisions.get(frame.id) ?? []), frame]);
    }
  });
  const frames = () => order.map((id) => latest.get(id)!);
  return {
    host,
    frames,
    http(id) {
      const frame = latest.get(id);
      if (frame?.kind !== 'http') throw new Error(`no http frame ${id}`);
      return frame;
    },
    events: (exchangeId) =>
      frames().filter((f): f is SseFrame => f.kind === 'sse' && f.exchangeId === exchangeId),
    revisions: (id) => revisions.get(id) ?? [],
    batchSizes,
    flush: () => new Promise((resolve) => setImmediate(() => setImmediate(resolve))),
  };
}

/** The outcome had the status wanted; on failure the message says what came instead. */
export function expectStatus(outcome: OperationOutcome, status: OperationOutcome['status']): void {
  expect({ status: outcome.status, message: outcome.message }).toMatchObject({ status });
}

/**
 * The sse frames of a finished stream cover its body byte for byte: contiguous spans from the start (after a BOM)
 * to the last byte received, numbered without gaps, each event's data parsed.
 */
export function expectTiledStream(exchange: HttpFrame, events: readonly SseFrame[]): void {
  expect(exchange.stream).toBeDefined();
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  let at = events[0]?.offset.start ?? 0;
  expect([0, 3]).toContain(at);
  for (const event of events) {
    expect(event.offset.start).toBe(at);
    expect(Buffer.byteLength(event.raw, 'utf8')).toBe(event.offset.end - event.offset.start);
    at = event.offset.end;
  }
  if (exchange.stream?.ended === 'complete') expect(at).toBe(exchange.stream.bytes);
  expect(events.filter((e) => e.dispatched).length).toBe(exchange.stream?.events);
}
