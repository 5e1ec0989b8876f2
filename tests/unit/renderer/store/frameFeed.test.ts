// Differential test for the frame feed (renderer/store/frameFeed.ts): frames of many interleaved A2A streams, with
// their exchanges' rising revisions and duplicate copies, arrive in host events of random sizes; fed through the
// paced feed (a fake clock making updates cost more or less than the budget) and fed straight in, one store update
// per host event, the two stores end with the same frames, index and timeline. The feed also keeps each update
// within its allowance, shrinks it after a costly update, and flushes what waits when it goes.

import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../renderer/store/appStore';
import { createFrameFeed, FEED_ALLOWANCE } from '../../../../renderer/store/frameFeed';
import type { Frame, HttpFrame } from '../../../../shared/wire/frame';
import { recordStream, STREAM_REQUEST } from '../../support/recordStream';
import { random } from '../../support/seededRandom';

const update = (agent: number, n: number): string =>
  n % 3 === 0
    ? `{"artifactUpdate":{"taskId":"t${agent}","contextId":"c${agent}","artifact":{"artifactId":"out",` +
      `"parts":[{"text":"chunk ${n} "}]},"append":${n > 3},"lastChunk":false}}`
    : `{"statusUpdate":{"taskId":"t${agent}","contextId":"c${agent}","status":{"state":"TASK_STATE_WORKING"}}}`;

/** One agent's streaming exchange: its revisions (pending, streaming, done) and its events, in arrival order. */
function agentStream(agent: number, events: number): Frame[][] {
  const blocks = [
    `data: {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t${agent}","contextId":"c${agent}",` +
      `"status":{"state":"TASK_STATE_WORKING"}}}}\n\n`,
    ...Array.from(
      { length: events },
      (_, n) => `data: {"jsonrpc":"2.0","id":1,"result":${update(agent, n + 1)}}\n\n`,
    ),
    ': keep-alive\n\n',
  ];
  const id = `x${agent}`;
  const recorded = recordStream([Buffer.from(blocks.join(''))], {
    nextId: (() => {
      let n = 0;
      return () => `${id}-e${n++}`;
    })(),
    now: () => agent,
  });
  const sse = recorded.frames.map((frame) => ({ ...frame, exchangeId: id }));
  const exchange = (rev: number, state: HttpFrame['state']): HttpFrame => ({
    kind: 'http',
    id,
    rev,
    state,
    source: 'agent:stream',
    timing: { start: agent },
    request: { method: 'POST', url: STREAM_REQUEST.url, headers: [] },
    a2a: {
      agentId: `agent-${agent}`,
      operation: 'stream',
      generation: '1.0',
      binding: 'JSONRPC',
      rpc: { method: 'SendStreamingMessage', id: 1 },
    },
  });
  return [
    [exchange(1, 'pending')],
    [exchange(2, 'streaming')],
    ...sse.map((f) => [f]),
    [exchange(3, 'done')],
  ];
}

/** Host events: the agents' frames interleaved at random, in events of 1 to 400 frames, the odd frame twice. */
function hostEvents(seed: number, agents: number, events: number): Frame[][] {
  const next = random(seed);
  const streams = Array.from({ length: agents }, (_, a) => agentStream(a, events));
  const order: Frame[] = [];
  while (streams.some((s) => s.length > 0)) {
    const open = streams.filter((s) => s.length > 0);
    const frames = open[Math.floor(next() * open.length)]!.shift()!;
    for (const frame of frames) {
      order.push(frame);
      if (next() < 0.02) order.push(frame);
    }
  }
  const out: Frame[][] = [];
  for (let at = 0; at < order.length;) {
    const size = 1 + Math.floor(next() * 400);
    out.push(order.slice(at, at + size));
    at += size;
  }
  return out;
}

function stateOf(store: ReturnType<typeof createAppStore>) {
  const state = store.getState();
  return {
    frames: state.frames,
    index: [...state.frameIndex],
    entries: state.timeline.entries,
    counts: state.timeline.counts,
    tasks: state.timeline.taskList(),
    conversation: state.timeline.conversation,
  };
}

describe('frame feed', () => {
  it.each([1, 5, 99])('gives the store what feeding every host event at once gives (seed %i)', (seed) => {
    const events = hostEvents(seed, 12, 300);
    const straight = createAppStore();
    for (const event of events) straight.getState().addFrames(event);

    const paced = createAppStore();
    const next = random(seed + 1);
    let clock = 0;
    const callbacks: Array<() => void> = [];
    const sizes: number[] = [];
    const feed = createFrameFeed({
      addFrames: (frames) => {
        sizes.push(frames.length);
        paced.getState().addFrames(frames);
        // Each update "costs" between 0 and 20 ms of the fake clock, so the allowance moves both ways.
        clock += next() * 20;
      },
      requestFrame: (callback) => callbacks.push(callback),
      cancelFrame: () => undefined,
      now: () => clock,
    });
    // Host events arrive between animation frames: a few per frame, at random.
    for (const event of events) {
      feed.push(event);
      if (next() < 0.3) callbacks.shift()?.();
    }
    while (callbacks.length > 0) callbacks.shift()!();
    expect(feed.waiting()).toBe(0);
    expect(stateOf(paced)).toEqual(stateOf(straight));
    expect(paced.getState().timeline.counts.event).toBe(12 * 301);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(FEED_ALLOWANCE.max);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });

  it('asks for one animation frame at a time, shrinks the allowance after a costly update, and flushes', () => {
    const added: number[] = [];
    const callbacks: Array<() => void> = [];
    let clock = 0;
    let cancelled = 0;
    const feed = createFrameFeed({
      addFrames: (frames) => {
        added.push(frames.length);
        clock += frames.length / 100; // 2,000 frames cost 20 ms: over a 6 ms budget.
      },
      requestFrame: (callback) => callbacks.push(callback),
      cancelFrame: () => void cancelled++,
      now: () => clock,
    });
    const frames = agentStream(0, 9_000).flat();
    feed.push(frames);
    feed.push(frames.slice(0, 10));
    expect(callbacks).toHaveLength(1);
    callbacks.shift()!();
    expect(added).toEqual([FEED_ALLOWANCE.start]);
    callbacks.shift()!();
    expect(added[1]).toBe(600);
    feed.flush();
    expect(cancelled).toBe(1);
    expect(added.reduce((a, b) => a + b, 0)).toBe(frames.length + 10);
    expect(feed.waiting()).toBe(0);
    feed.dispose();
  });
});
