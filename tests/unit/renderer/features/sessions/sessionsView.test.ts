// What the sessions feature says and reads: save and redaction sentences, the recent list, the re-send diff in
// words, paging a session's frames from the host, and a recorded agent shaped for the live views.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../../shared/host/hostApi';
import type { RedactionItem, ResendResult, SessionAgent } from '../../../../../shared/session/types';
import type { Frame, HttpFrame, SseFrame } from '../../../../../shared/wire/frame';
import { readAllSessionFrames } from '../../../../../renderer/features/sessions/readSessionFrames';
import { recordedAgentSummary } from '../../../../../renderer/features/sessions/recordedAgent';
import {
  describeTiming,
  recordedStatus,
  requestFrameFor,
  resendView,
  showValue,
} from '../../../../../renderer/features/sessions/resendView';
import {
  describeRecent,
  describeRedaction,
  describeSaved,
  describeSource,
  formatWhen,
  redactionHeadline,
  tooLargeToRead,
} from '../../../../../renderer/features/sessions/sessionText';

const http = (id: string, extra: Partial<HttpFrame> = {}): HttpFrame => ({
  kind: 'http',
  id,
  source: 'test',
  timing: { start: 1 },
  request: { method: 'POST', url: 'http://127.0.0.1/a2a', headers: [] },
  ...extra,
});

const response = (status: number) => ({
  status,
  statusText: 'x',
  httpVersion: '1.1',
  headers: [],
  body: { base64: '', text: '', size: 0, utf8Valid: true },
});

describe('session words', () => {
  const token: RedactionItem = {
    frameId: 'f1',
    where: 'request-header',
    name: 'Authorization',
    kind: 'authorization',
    length: 43,
  };

  it('says where a session was saved and what redaction removed', () => {
    expect(describeSaved({ path: '/data/sessions/a.json', bytes: 2048, redactions: [token, token] })).toBe(
      'Saved to /data/sessions/a.json (2.0 KiB). 2 secrets redacted.',
    );
    expect(describeSaved({ path: '/p', bytes: 10, redactions: [] })).toBe(
      'Saved to /p (10 B). No secrets to redact.',
    );
    expect(describeRedaction(token)).toBe('Authorization · request header Authorization · 43 characters');
    expect(
      describeRedaction({ where: 'agent-settings', name: '/auth/value', kind: 'api-key', length: 1 }),
    ).toBe('API key · agent settings /auth/value · 1 character');
    expect(redactionHeadline([token], true)).toBe('Redaction is on. 1 secret will be left out of the file:');
    expect(redactionHeadline([], true)).toMatch(/holds no secret/);
    expect(redactionHeadline([token], false)).toMatch(
      /^Redaction is off, but 1 secret never reached the recording/,
    );
    expect(redactionHeadline([], false)).toMatch(/^Redaction is off: the file keeps every value/);
  });

  it('describes recent sessions and where a replayed one came from', () => {
    const at = new Date(2025, 0, 31, 14, 2).getTime();
    expect(describeRecent({ path: '/j', title: 'x', kind: 'journal', at, bytes: 12_288 })).toBe(
      'earlier run · 12.0 KiB · 2025-01-31 14:02',
    );
    expect(formatWhen(Number.NaN)).toBe('unknown time');
    const base = { sessionId: 's', title: 't', agents: [], frameCount: 0, notices: [] };
    expect(describeSource({ ...base, source: 'har' })).toBe('imported from HAR');
    expect(describeSource({ ...base, source: 'file', migratedFrom: 1 })).toBe(
      'session file · migrated from format 1',
    );
    expect(describeSource({ ...base, source: 'journal' })).toBe('recovered from the journal of a run');
  });

  it('refuses to read a file too large to hold as text, with its size in the message', () => {
    expect(tooLargeToRead('small.json', 100)).toBeUndefined();
    expect(tooLargeToRead('huge.json', 600 * 1024 * 1024)).toBe(
      'huge.json is 600.0 MiB; files over 512.0 MiB cannot be opened here.',
    );
  });
});

describe('re-send diff', () => {
  const recorded: Frame[] = [
    http('a', {
      response: response(200),
      a2a: { agentId: 'x', operation: 'send', generation: '1.0', binding: 'JSONRPC', outcome: 'result' },
    }),
    http('b', {
      response: response(200),
      stream: { bytes: 10, events: 3, emptyBlocks: 0, ended: 'complete' },
    }),
  ];

  it('says plainly when the new run matches the recording', () => {
    const result: ResendResult = {
      steps: [
        {
          index: 0,
          operation: 'send',
          recordedFrameId: 'a',
          newFrameId: 'n1',
          status: 'result',
          message: 'ok',
        },
      ],
      differences: [],
      timing: [{ step: 0, beforeMs: 120, afterMs: 95 }],
    };
    const view = resendView(result, recorded);
    expect(view.clean).toBe(true);
    expect(view.headline).toBe('No differences (ids and times aside).');
    expect(view.rows).toEqual([
      {
        step: 0,
        operation: 'send',
        recorded: 'HTTP 200 · result',
        now: 'result',
        message: 'ok',
        differences: [],
        timing: { beforeMs: 120, afterMs: 95 },
      },
    ]);
    expect(describeTiming(view.rows[0]!.timing!)).toBe('120 ms → 95 ms (−25 ms)');
    expect(describeTiming({ beforeMs: 10, afterMs: 10 })).toBe('10 ms → 10 ms (±0 ms)');
  });

  it('places each difference at its request and keeps the rest apart', () => {
    const result: ResendResult = {
      steps: [
        { index: 0, operation: 'send', recordedFrameId: 'a', status: 'result', message: '' },
        { index: 1, operation: 'stream', recordedFrameId: 'b', status: 'stream', message: '' },
      ],
      differences: [
        {
          step: 1,
          aspect: 'states',
          message: 'Ended failed, was completed',
          before: ['completed'],
          after: ['failed'],
        },
        { step: 1, aspect: 'artifacts', message: 'One artifact fewer' },
        { step: 7, aspect: 'extra', message: 'An extra request' },
      ],
      timing: [],
    };
    const view = resendView(result, recorded);
    expect(view.clean).toBe(false);
    expect(view.headline).toBe('3 differences in 2 of 2 requests.');
    expect(view.rows[0]!.differences).toEqual([]);
    expect(view.rows[1]!.differences.map((d) => d.aspect)).toEqual(['states', 'artifacts']);
    expect(view.rows[1]!.recorded).toBe('stream · 3 events');
    expect(view.rows[1]!.timing).toBeUndefined();
    expect(view.unplaced.map((d) => d.message)).toEqual(['An extra request']);
    expect(showValue(['failed'])).toBe('["failed"]');
    expect(showValue(undefined)).toBe('—');
    expect(showValue('x'.repeat(300))).toHaveLength(300);
    expect(showValue({ long: 'y'.repeat(300) })).toHaveLength(200);
  });

  it('says first that a cancelled re-send is partial, and how far it got (UX-5)', () => {
    const result: ResendResult = {
      steps: [
        { index: 1, operation: 'send', recordedFrameId: 'a', newFrameId: 'n1', status: 'error', message: '' },
        { index: 2, operation: 'get', recordedFrameId: 'b', status: 'refused', message: 'Not sent' },
      ],
      differences: [{ step: 2, aspect: 'missing', message: 'Not sent' }],
      timing: [],
      cancelled: true,
    };
    const view = resendView(result, recorded);
    expect(view.cancelled).toBe(true);
    expect(view.clean).toBe(false);
    expect(view.headline).toBe(
      'Re-send cancelled after 1 of 2 requests; the rest were not sent. 1 difference in 1 of 2 requests.',
    );
    const { cancelled: _cancelled, ...whole } = result;
    expect(resendView(whole, recorded).cancelled).toBeUndefined();
  });

  it('names how a recorded exchange ended', () => {
    expect(recordedStatus(undefined)).toBe('not in the session');
    expect(recordedStatus(http('c'))).toBe('no answer');
    expect(
      recordedStatus(http('d', { error: { kind: 'refused', label: 'Connection refused', message: '' } })),
    ).toBe('Connection refused');
    expect(recordedStatus(http('e', { response: response(502) }))).toBe('HTTP 502');
  });

  it('finds the request a selected frame belongs to', () => {
    const event = { kind: 'sse', id: 's1', exchangeId: 'b', timing: { start: 2 } } as SseFrame;
    const frames = [...recorded, event];
    expect(requestFrameFor(frames, 'a')).toBe('a');
    expect(requestFrameFor(frames, 's1')).toBe('b');
    expect(requestFrameFor(frames, 'missing')).toBeUndefined();
    expect(requestFrameFor(frames, null)).toBeUndefined();
  });
});

describe('reading a session from the host', () => {
  const all = Array.from({ length: 12 }, (_, i) => http(`f${i}`));

  it('reads page after page until the total, reporting progress', async () => {
    const calls: Array<[number, number]> = [];
    const host: Pick<HostApi, 'readSessionFrames'> = {
      readSessionFrames: async ({ sessionId, from, count }) => {
        expect(sessionId).toBe('s9');
        calls.push([from, count]);
        return { frames: all.slice(from, from + count), total: all.length };
      },
    };
    const progress: number[] = [];
    const frames = await readAllSessionFrames(host, 's9', (loaded) => progress.push(loaded), 5);
    expect(frames.map((f) => f.id)).toEqual(all.map((f) => f.id));
    expect(calls).toEqual([
      [0, 5],
      [5, 5],
      [10, 5],
    ]);
    expect(progress).toEqual([5, 10, 12]);
  });

  it('stops at an empty page instead of asking forever, and passes a host failure on', async () => {
    const short: Pick<HostApi, 'readSessionFrames'> = {
      readSessionFrames: async ({ from }) => ({ frames: from === 0 ? all.slice(0, 3) : [], total: 12 }),
    };
    expect(await readAllSessionFrames(short, 's', undefined, 5)).toHaveLength(3);
    const failing: Pick<HostApi, 'readSessionFrames'> = {
      readSessionFrames: async () => {
        throw new Error('The session s is not open.');
      },
    };
    await expect(readAllSessionFrames(failing, 's')).rejects.toThrow('The session s is not open.');
  });
});

describe('a recorded agent', () => {
  const cardFrame = (
    JSON.parse(readFileSync('tests/fixtures/wire/v1.0/well-known-card.json', 'utf8')) as {
      frames: HttpFrame[];
    }
  ).frames[0]!;
  const recorded: SessionAgent = {
    id: 'agent-7',
    name: 'Peer',
    cardUrl: cardFrame.request.url,
    origin: new URL(cardFrame.request.url).origin,
    cardText: cardFrame.response!.body.text,
    generation: '1.0',
    settings: { extensions: ['https://example.test/ext'], timeouts: { totalMs: 5 } },
  };

  it('reads its card like an open agent but cannot be sent to', () => {
    const summary = recordedAgentSummary(recorded, 'Saved run');
    expect(summary.id).toBe('agent-7');
    expect(summary.interfaces.length).toBeGreaterThan(0);
    expect(summary.detection.confidence).not.toBe('guess');
    expect(summary.chosen).toBeUndefined();
    expect(summary.problem).toBe(
      'Recorded in the session "Saved run" and replayed from it: not connected. Open the agent to talk to it.',
    );
    expect(summary.settings.extensions).toEqual(['https://example.test/ext']);
    expect(summary.settings.timeouts.totalMs).toBe(5);
    expect(summary.settings.timeouts.connectMs).toBeGreaterThan(0);
  });

  it('still shows an agent whose card cannot be read', () => {
    const summary = recordedAgentSummary({ ...recorded, cardText: '{not json', settings: undefined }, 'x');
    expect(summary.interfaces).toEqual([]);
    expect(summary.detection.confidence).toBe('guess');
    expect(summary.detection.reason).toMatch(/could not be read/);
    expect(summary.settings.auth).toEqual({ type: 'none' });
  });
});
