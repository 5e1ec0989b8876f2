// The filters of TL-5 (kind, task, state, operation): each alone, combined, the frames list's rule that a row stands
// for its events, the options the filter bar offers, bad filters from outside, and a differential test that the
// window's filter and the host's browse-mode search keep the same frames of a generated session.

import { describe, expect, it } from 'vitest';
import { createSearchService } from '../../../../electron/host/session/searchingSessions';
import { searchSession } from '../../../../electron/host/session/sessionSearch';
import {
  createFrameFilter,
  filterOptions,
  filtersProblem,
  passingExchangeIds,
  passingFrameIds,
} from '../../../../shared/search/frameFilter';
import type { SearchFilters } from '../../../../shared/search/frameSearch';
import type { Frame, HttpFrame, SseFrame, WebhookFrame } from '../../../../shared/wire/frame';

function http(id: string, operation?: string, taskId?: string): HttpFrame {
  return {
    kind: 'http',
    id,
    source: 'test',
    timing: { start: 1 },
    request: { method: 'POST', url: 'http://127.0.0.1/a2a', headers: [] },
    ...(operation
      ? {
          a2a: {
            agentId: 'a',
            operation,
            generation: 'g',
            binding: 'jsonrpc',
            ...(taskId ? { taskId } : {}),
          },
        }
      : {}),
  };
}

function sse(id: string, exchangeId: string, taskId?: string, state?: string): SseFrame {
  return {
    kind: 'sse',
    id,
    exchangeId,
    seq: 0,
    offset: { start: 0, end: 1 },
    raw: 'data: {}\n\n',
    dispatched: true,
    a2a: { item: 'status-update', ...(taskId ? { taskId } : {}), ...(state ? { state } : {}) },
  } as SseFrame;
}

function push(id: string, taskId?: string, state?: string): WebhookFrame {
  return {
    kind: 'webhook',
    id,
    source: 'test',
    timing: { start: 1 },
    request: { method: 'POST', url: 'http://127.0.0.1/hook', headers: [] },
    response: { status: 200, headers: [], body: { base64: '', text: '', size: 0, utf8Valid: true } },
    verdict: { accepted: true, status: 200, reason: 'ok' },
    a2a: { ...(taskId ? { taskId } : {}), ...(state ? { state } : {}) },
  } as WebhookFrame;
}

const session: Frame[] = [
  http('h1', 'send', 't1'),
  http('h2', 'stream', 't2'),
  sse('e1', 'h2', 't2', 'working'),
  sse('e2', 'h2', 't2', 'completed'),
  http('h3', 'get', 't1'),
  push('p1', 't1', 'completed'),
  http('h4'),
];

const ids = (filters: SearchFilters) => [...(passingFrameIds(session, filters) ?? [])];

describe('passingFrameIds', () => {
  it('keeps everything (undefined) with no filter set', () => {
    expect(passingFrameIds(session, undefined)).toBeUndefined();
    expect(passingFrameIds(session, { kinds: [], taskId: '' })).toBeUndefined();
  });

  it('filters by kind', () => {
    expect(ids({ kinds: ['sse'] })).toEqual(['e1', 'e2']);
    expect(ids({ kinds: ['webhook', 'http'] })).toEqual(['h1', 'h2', 'h3', 'p1', 'h4']);
  });

  it('filters by task', () => {
    expect(ids({ taskId: 't1' })).toEqual(['h1', 'h3', 'p1']);
    expect(ids({ taskId: 'nope' })).toEqual([]);
  });

  it('filters by state, which events and push deliveries carry', () => {
    expect(ids({ state: 'completed' })).toEqual(['e2', 'p1']);
  });

  it('filters by operation; an event takes its exchange operation and a push delivery is "push"', () => {
    expect(ids({ operation: 'stream' })).toEqual(['h2', 'e1', 'e2']);
    expect(ids({ operation: 'push' })).toEqual(['p1']);
  });

  it('combines filters: a frame passes every one set', () => {
    expect(ids({ operation: 'stream', state: 'working' })).toEqual(['e1']);
    expect(ids({ taskId: 't1', kinds: ['http'] })).toEqual(['h1', 'h3']);
    expect(ids({ taskId: 't2', state: 'completed', kinds: ['webhook'] })).toEqual([]);
  });
});

describe('passingExchangeIds', () => {
  it('keeps an exchange whose events pass, so a state filter leaves rows in the frames list', () => {
    expect([...(passingExchangeIds(session, { state: 'completed' }) ?? [])]).toEqual(['h2']);
    expect([...(passingExchangeIds(session, { taskId: 't1' }) ?? [])]).toEqual(['h1', 'h3']);
    expect(passingExchangeIds(session, {})).toBeUndefined();
  });
});

describe('filterOptions', () => {
  it('offers the tasks, states and operations seen, sorted', () => {
    expect(filterOptions(session)).toEqual({
      taskIds: ['t1', 't2'],
      states: ['completed', 'working'],
      operations: ['get', 'push', 'send', 'stream'],
    });
  });
});

describe('filtersProblem', () => {
  it('accepts good filters and none', () => {
    expect(filtersProblem(undefined)).toBeUndefined();
    expect(filtersProblem({ kinds: ['sse'], taskId: 't', state: 's', operation: 'o' })).toBeUndefined();
  });

  it('says what is wrong with bad filters', () => {
    expect(filtersProblem('x')).toMatch(/must be an object/);
    expect(filtersProblem({ colour: 'red' })).toMatch(/Unknown filter "colour"/);
    expect(filtersProblem({ kinds: 'sse' })).toMatch(/list of frame kinds/);
    expect(filtersProblem({ kinds: ['request'] })).toMatch(
      /Unknown frame kind "request": use http, sse, webhook/,
    );
    expect(filtersProblem({ taskId: 3 })).toMatch(/taskId filter must be text/);
    expect(filtersProblem({ state: 'x'.repeat(201) })).toMatch(/longer than 200/);
  });
});

/** A session of `count` frames drawn from a seeded generator: exchanges, their events, push deliveries. */
function generated(seed: number, count: number): Frame[] {
  // mulberry32: small, seeded, and its low bits are as good as its high ones.
  let x = seed;
  const next = (n: number) => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const pick = <T>(values: readonly T[]) => values[next(values.length)]!;
  const tasks = [undefined, 't1', 't2', 't3'];
  const states = [undefined, 'working', 'completed', 'failed', 'input-required'];
  const operations = [undefined, 'send', 'stream', 'get', 'cancel'];
  const frames: Frame[] = [];
  const exchanges: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = next(10);
    if (roll < 4 || exchanges.length === 0) {
      frames.push(http(`h${i}`, pick(operations), pick(tasks)));
      exchanges.push(`h${i}`);
    } else if (roll < 8) frames.push(sse(`e${i}`, pick(exchanges), pick(tasks), pick(states)));
    else frames.push(push(`p${i}`, pick(tasks), pick(states)));
  }
  return frames;
}

const filterSets: SearchFilters[] = [
  { kinds: ['sse'] },
  { kinds: ['http', 'webhook'] },
  { taskId: 't2' },
  { state: 'completed' },
  { operation: 'stream' },
  { operation: 'push' },
  { operation: 'stream', state: 'working' },
  { taskId: 't1', kinds: ['sse'], state: 'failed' },
  { taskId: 't3', operation: 'get' },
];

describe('the window filter and the host search agree', () => {
  it.each([1, 7, 42])('select the same frames of generated session %i', async (seed) => {
    const frames = generated(seed, 400);
    for (const filters of filterSets) {
      const hostIds: string[] = [];
      await searchSession(
        { read: async (from, count) => ({ frames: frames.slice(from, from + count), total: frames.length }) },
        { text: '', filters },
        (batch) => hostIds.push(...batch.hits.map((hit) => hit.frameId)),
        { pageSize: 37 },
      );
      const windowIds = [...(passingFrameIds(frames, filters) ?? [])];
      expect(windowIds, JSON.stringify(filters)).toEqual(hostIds);
      expect(windowIds.length, JSON.stringify(filters)).toBeGreaterThan(0);
    }
  });

  it('gives an event its exchange operation only once the exchange was read', () => {
    const filter = createFrameFilter({ operation: 'stream' });
    expect(filter.accepts(sse('e', 'h'))).toBe(false);
    expect(filter.accepts(http('h', 'stream'))).toBe(true);
    expect(filter.accepts(sse('e2', 'h'))).toBe(true);
  });
});

describe('the host search service', () => {
  it('refuses bad filters with the message, before reading the session', async () => {
    const service = createSearchService(
      async () => ({ read: async () => ({ frames: [], total: 0 }) }),
      () => undefined,
    );
    const filters = { kinds: ['request'] } as unknown as SearchFilters;
    await expect(service.searchSession({ sessionId: 's', text: '', filters })).rejects.toThrow(
      'Unknown frame kind "request"',
    );
    service.close();
  });
});
