// What the push service remembers from the frames it observes: the agent of each open exchange only while it is
// open, and the task ids each agent has shown, bounded, so a long session does not grow its memory with every
// exchange (bench:soak measures the same from outside).

import { afterEach, describe, expect, it } from 'vitest';
import type { HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import {
  createPushService,
  KNOWN_TASKS_KEPT,
  type PushService,
} from '../../../../../electron/host/push/pushService';

let ids = 0;
const services: PushService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

function service(): PushService {
  const created = createPushService(
    { deps: { nextId: () => `f${ids++}`, now: () => 0, userAgent: 'test' }, publish: () => {} },
    () => ({ generation: '1.0', origin: 'http://127.0.0.1:9' }),
  );
  services.push(created);
  return created;
}

function exchange(id: string, state: HttpFrame['state'], taskId?: string): HttpFrame {
  return {
    kind: 'http',
    id,
    source: 'agent',
    timing: { start: 0 },
    request: { method: 'POST', url: 'http://127.0.0.1:9/a2a/jsonrpc', headers: [] },
    ...(state ? { state } : {}),
    a2a: {
      agentId: 'agent-1',
      operation: 'stream',
      generation: '1.0',
      binding: 'JSONRPC',
      ...(taskId ? { taskId } : {}),
    },
  };
}

function event(exchangeId: string, seq: number, taskId: string): SseFrame {
  return {
    kind: 'sse',
    id: `${exchangeId}-e${seq}`,
    source: 'agent',
    timing: { start: 0 },
    exchangeId,
    seq,
    offset: { start: 0, end: 0 },
    raw: '',
    dispatched: true,
    a2a: { item: 'status-update', taskId },
  };
}

describe('push service memory', () => {
  it("keeps an exchange's agent while it is open and forgets it at the final revision", () => {
    const push = service();
    push.observe(exchange('x1', 'pending'));
    push.observe(exchange('x1', 'streaming'));
    expect(push.remembered()).toEqual({ exchanges: 1, tasks: 0 });
    push.observe(event('x1', 0, 't1'));
    push.observe(event('x1', 1, 't1'));
    expect(push.remembered()).toEqual({ exchanges: 1, tasks: 1 });
    push.observe(exchange('x1', 'done'));
    expect(push.remembered()).toEqual({ exchanges: 0, tasks: 1 });
  });

  it('remembers no exchange for a final frame, and the task id it names', () => {
    const push = service();
    push.observe(exchange('x2', 'done', 't2'));
    push.observe(exchange('x3', undefined, 't3'));
    expect(push.remembered()).toEqual({ exchanges: 0, tasks: 2 });
  });

  it('does not grow with exchanges that have ended', () => {
    const push = service();
    for (let n = 0; n < 1000; n++) {
      push.observe(exchange(`s${n}`, 'pending'));
      push.observe(exchange(`s${n}`, 'streaming'));
      push.observe(event(`s${n}`, 0, 'same-task'));
      push.observe(exchange(`s${n}`, 'done'));
    }
    expect(push.remembered()).toEqual({ exchanges: 0, tasks: 1 });
  });

  it(`keeps at most ${KNOWN_TASKS_KEPT} task ids per agent`, () => {
    const push = service();
    for (let n = 0; n < KNOWN_TASKS_KEPT + 10; n++) push.observe(exchange(`b${n}`, 'done', `t${n}`));
    expect(push.remembered()).toEqual({ exchanges: 0, tasks: KNOWN_TASKS_KEPT });
  });
});
