// Seeded mixed traffic for differential tests of the timeline and the store: streams of three generations, unary
// answers, push deliveries (some refused, some duplicates), keep-alives, unreadable events and events with findings,
// from several agents whose task ids overlap, interleaved as concurrent streams arrive.

import type { Frame, SseFrame } from '../../../shared/wire/frame';
import { exchange, finding, push, stream, type ItemOptions } from '../../fixtures/checks/frames';
import { random } from './seededRandom';

const GENERATIONS = ['1.0', '0.3', '0.2'] as const;
const STATES = ['working', 'working', 'input-required', 'completed', 'submitted'];

function keepAlive(exchangeId: string, n: number): SseFrame {
  return {
    kind: 'sse',
    id: `${exchangeId}-k${n}`,
    exchangeId,
    source: 'agent:stream',
    timing: { start: 1000 + n },
    seq: n,
    offset: { start: 0, end: 8 },
    raw: ': ping\n\n',
    dispatched: false,
    comments: ['ping'],
  };
}

/** An event no decoder can read: its entry says so, as an error. */
function unreadable(exchangeId: string, n: number): SseFrame {
  const data = 'not json';
  return {
    ...keepAlive(exchangeId, n),
    id: `${exchangeId}-u${n}`,
    raw: `data: ${data}\n\n`,
    dispatched: true,
    event: { index: n, type: 'message', data },
  };
}

function item(next: () => number, taskId: string): ItemOptions {
  const roll = next();
  if (roll < 0.3) return { taskId, artifact: true };
  if (roll < 0.4) return { taskId, message: true };
  if (roll < 0.45) return { taskId, state: 'working', findings: [finding('x.warn', 'warning')] };
  return { taskId, state: STATES[Math.floor(next() * STATES.length)]!, snapshot: next() < 0.2 };
}

/** Frames of `agents` agents, task ids drawn from a small pool so that agents share some, interleaved. */
export function traffic(seed: number, agents: number): { frames: Frame[]; agentOf: Map<string, string> } {
  const next = random(seed);
  const perAgent: Frame[][] = [];
  const agentOf = new Map<string, string>();
  for (let a = 0; a < agents; a++) {
    const agentId = `agent-${a}`;
    const frames: Frame[] = [];
    for (let s = 0; s < 4; s++) {
      const generation = GENERATIONS[Math.floor(next() * GENERATIONS.length)]!;
      const taskId = `t-${Math.floor(next() * 3)}`;
      const id = `x${a}.${s}`;
      const roll = next();
      if (roll < 0.6) {
        const items = Array.from({ length: 1 + Math.floor(next() * 12) }, () => item(next, taskId));
        const ended = next() < 0.2 ? 'error' : 'complete';
        const made = stream(id, generation, items, { open: next() < 0.2, ended });
        frames.push(...made, keepAlive(id, s));
        if (next() < 0.3) frames.push(unreadable(id, s));
      } else if (roll < 0.85) {
        frames.push(
          exchange({ id, generation, answerTask: { id: taskId, state: STATES[s % STATES.length]! } }),
        );
      } else {
        const verdict = next();
        frames.push(
          push({ id, generation, ...item(next, taskId), accepted: verdict > 0.2, duplicate: verdict > 0.8 }),
        );
      }
      agentOf.set(id, agentId);
    }
    for (const frame of frames) {
      if (frame.kind === 'http' && frame.a2a) frame.a2a.agentId = agentId;
      if (frame.kind === 'webhook') frame.agentId = agentId;
    }
    perAgent.push(frames);
  }
  // Interleaved as many streams arrive at once: each next frame from a random agent, each agent's in order.
  const frames: Frame[] = [];
  while (perAgent.some((list) => list.length > 0)) {
    const open = perAgent.filter((list) => list.length > 0);
    frames.push(open[Math.floor(next() * open.length)]!.shift()!);
  }
  return { frames, agentOf };
}
