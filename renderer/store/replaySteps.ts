// A session keeps the newest revision of each frame (an exchange as it ended), in order of first arrival. Replaying
// those as they are would show every answer the moment its request was sent, and a stream's end before its events.
// So replay rebuilds the revisions live showed: an exchange appears pending when it was sent, streaming when its
// stream opened, and finished when it ended, each at its own time; stream events and push deliveries arrive at
// theirs. The frames slice replaces a revision in place, exactly as it does live (frame.ts).

import type { Frame, FrameTiming, HttpFrame } from '../../shared/wire/frame';

export interface ReplayStep {
  /** What the views get at this step: a frame, or an earlier revision of an exchange. */
  frame: Frame;
  /** When it happened, epoch ms. */
  at: number;
}

/** Revisions below every recorded one: a recorded exchange that ended is final (no `rev`, or `state: 'done'`). */
const PENDING_REV = 0;
const STREAMING_REV = 1;

export function replaySteps(frames: readonly Frame[]): ReplayStep[] {
  const steps: ReplayStep[] = [];
  for (const frame of frames) {
    if (frame.kind !== 'http' || !ended(frame)) {
      steps.push({ frame, at: frame.timing.start });
      continue;
    }
    steps.push({ frame: pendingRevision(frame), at: frame.timing.start });
    if (frame.stream && frame.response && frame.timing.firstByte !== undefined) {
      steps.push({
        frame: streamingRevision(frame),
        at: Math.max(frame.timing.start, frame.timing.firstByte),
      });
    }
    steps.push({ frame, at: Math.max(frame.timing.start, frame.timing.end!) });
  }
  // Stable: steps at the same moment keep the order they were recorded in (an exchange's revisions stay in order).
  return steps
    .map((step, order) => ({ step, order }))
    .sort((a, b) => a.step.at - b.step.at || a.order - b.order)
    .map(({ step }) => step);
}

/** An exchange that finished after it started: it has earlier moments worth showing. */
function ended(frame: HttpFrame): boolean {
  const final = frame.rev === undefined || frame.state === 'done';
  return final && frame.timing.end !== undefined && frame.timing.end > frame.timing.start;
}

/** The exchange as it looked when sent: the request only. */
function pendingRevision(frame: HttpFrame): HttpFrame {
  return {
    ...requestPart(frame),
    rev: PENDING_REV,
    state: 'pending',
    timing: timingUntil(frame.timing, 'sent'),
  };
}

/** A stream once its head arrived: the response head, no events counted yet, not ended. */
function streamingRevision(frame: HttpFrame): HttpFrame {
  return {
    ...requestPart(frame),
    rev: STREAMING_REV,
    state: 'streaming',
    ...(frame.response ? { response: frame.response } : {}),
    ...(frame.remote ? { remote: frame.remote } : {}),
    stream: { bytes: 0, events: 0, emptyBlocks: 0 },
    timing: timingUntil(frame.timing, 'head'),
  };
}

/** What was known when the request left: no answer, no error, no findings about the answer, no outcome. */
function requestPart(frame: HttpFrame): HttpFrame {
  const part: HttpFrame = {
    kind: 'http',
    id: frame.id,
    source: frame.source,
    timing: frame.timing,
    request: frame.request,
  };
  if (frame.secrets) part.secrets = frame.secrets;
  if (frame.a2a) {
    const { outcome: _outcome, ...a2a } = frame.a2a;
    part.a2a = a2a;
  }
  return part;
}

/** The times known at that moment: sent (and connected), or also the response head. */
function timingUntil(timing: FrameTiming, moment: 'sent' | 'head'): FrameTiming {
  const known: FrameTiming = { start: timing.start };
  if (timing.connected !== undefined) known.connected = timing.connected;
  if (moment === 'head' && timing.firstByte !== undefined) known.firstByte = timing.firstByte;
  return known;
}
