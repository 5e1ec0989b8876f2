// @vitest-environment jsdom
// The check engine (CHK-1..CHK-3, CHK-5): for every check runChecks implements, frames that trigger it and frames that
// do not; the report's bookkeeping; JSON and JUnit XML that parse.

import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../shared/checks/catalog';
import { reportToJson, reportToJUnit } from '../../shared/checks/reportExport';
import { runChecks } from '../../shared/checks/runChecks';
import type { ProbeResult } from '../../shared/checks/types';
import type { Finding } from '../../shared/wire/finding';
import type { Frame, HeaderList, HttpFrame, SseFrame } from '../../shared/wire/frame';

// jsdom's DOMParser (this file runs in the jsdom environment; the tests' tsconfig has no DOM types).
interface XmlElement {
  getAttribute(name: string): string | null;
  parentElement: XmlElement | null;
}
interface XmlDocument {
  getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
  documentElement: XmlElement;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
};

const body = (text: string) => ({
  base64: Buffer.from(text).toString('base64'),
  text,
  size: Buffer.byteLength(text),
  utf8Valid: true,
});

let clock = 1000;
let seq = 0;

function exchange(options: {
  id: string;
  generation?: string;
  operation?: string;
  stream?: boolean;
  ended?: 'complete' | 'closed-by-user' | 'error';
  findings?: Finding[];
  requestHeaders?: HeaderList;
  responseHeaders?: HeaderList;
  responseText?: string;
  status?: number;
}): HttpFrame {
  const generation = options.generation ?? '1.0';
  const operation = options.operation ?? (options.stream ? 'stream' : 'send');
  const method =
    generation === '1.0'
      ? options.stream
        ? 'SendStreamingMessage'
        : 'SendMessage'
      : options.stream
        ? 'message/stream'
        : 'message/send';
  const params =
    generation === '1.0'
      ? { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } }
      : {
          message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
        };
  return {
    kind: 'http',
    id: options.id,
    source: `agent:${operation}`,
    rev: 2,
    state: 'done',
    timing: { start: clock++, end: clock++ },
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/rpc',
      headers: [['Content-Type', 'application/json'], ...(options.requestHeaders ?? [])],
      body: body(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })),
    },
    response: {
      status: options.status ?? 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: options.responseHeaders ?? [
        ['Content-Type', options.stream ? 'text/event-stream' : 'application/json'],
      ],
      body: body(options.stream ? '' : (options.responseText ?? '{}')),
    },
    ...(options.stream
      ? { stream: { bytes: 100, events: 1, emptyBlocks: 0, ended: options.ended ?? 'complete' } }
      : {}),
    ...(options.findings ? { findings: options.findings } : {}),
    a2a: { agentId: 'a1', operation, generation, binding: 'JSONRPC', rpc: { method, id: 1 } },
  };
}

function event(
  exchangeId: string,
  generation: string,
  item: { taskId: string; state?: string; final?: boolean; artifact?: boolean },
): SseFrame {
  const wireState = (state: string) =>
    generation === '1.0' ? `TASK_STATE_${state.toUpperCase().replace('-', '_')}` : state;
  const result =
    generation === '1.0'
      ? item.artifact
        ? {
            artifactUpdate: {
              taskId: item.taskId,
              contextId: 'c1',
              artifact: { artifactId: 'x', parts: [{ text: 'a' }] },
            },
          }
        : {
            statusUpdate: { taskId: item.taskId, contextId: 'c1', status: { state: wireState(item.state!) } },
          }
      : item.artifact
        ? {
            kind: 'artifact-update',
            taskId: item.taskId,
            contextId: 'c1',
            artifact: { artifactId: 'x', parts: [{ kind: 'text', text: 'a' }] },
          }
        : {
            kind: 'status-update',
            taskId: item.taskId,
            contextId: 'c1',
            status: { state: item.state },
            final: item.final ?? false,
          };
  const data = JSON.stringify({ jsonrpc: '2.0', id: 1, result });
  const raw = `data: ${data}\n\n`;
  seq++;
  return {
    kind: 'sse',
    id: `${exchangeId}-e${seq}`,
    exchangeId,
    source: 'agent:stream',
    timing: { start: clock++ },
    seq,
    offset: { start: 0, end: raw.length },
    raw,
    dispatched: true,
    event: { index: seq, type: 'message', data },
    json: JSON.parse(data) as unknown,
    a2a: {
      item: item.artifact ? 'artifact-update' : 'status-update',
      taskId: item.taskId,
      ...(item.state ? { state: item.state } : {}),
      ...(item.final !== undefined ? { final: item.final } : {}),
    },
  };
}

function stream(
  id: string,
  generation: string,
  items: Parameters<typeof event>[2][],
  ended?: 'complete' | 'closed-by-user',
): Frame[] {
  return [
    exchange({ id, generation, stream: true, ...(ended ? { ended } : {}) }),
    ...items.map((item) => event(id, generation, item)),
  ];
}

const finding = (rule: string, severity: Finding['severity'] = 'error'): Finding => ({
  rule,
  severity,
  message: `${rule} happened`,
});

function checkIds(frames: Frame[], cardFindings: Finding[] = []) {
  const report = runChecks({
    frames,
    agents: [{ id: 'a1', name: 'A', cardUrl: 'http://127.0.0.1:1/card', generation: '1.0' }],
    cardFindings: cardFindings.length > 0 ? [{ agentId: 'a1', frameId: 'card', findings: cardFindings }] : [],
    appVersion: 'test',
  });
  return [...new Set(report.findings.map((f) => f.checkId))].sort();
}

const clean1 = () =>
  stream('s1', '1.0', [
    { taskId: 't1', state: 'working' },
    { taskId: 't1', state: 'completed' },
  ]);
const clean03 = () =>
  stream('s2', '0.3', [
    { taskId: 't2', state: 'working', final: false },
    { taskId: 't2', state: 'completed', final: true },
  ]);

const cases: Array<{
  check: string;
  triggers: () => { frames: Frame[]; card?: Finding[] };
  passes: () => { frames: Frame[]; card?: Finding[] };
}> = [
  {
    check: 'card.schema',
    triggers: () => ({ frames: [], card: [finding('card.schema')] }),
    passes: () => ({ frames: [], card: [] }),
  },
  {
    check: 'card.lint',
    triggers: () => ({ frames: [], card: [finding('card.interface-origin', 'warning')] }),
    passes: () => ({ frames: [] }),
  },
  {
    check: 'frame.jsonrpc',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('jsonrpc.id-mismatch')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.rest',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('rest.status-mismatch')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.http-status',
    triggers: () => ({
      frames: [exchange({ id: 'h', findings: [finding('http.unexpected-status', 'warning')] })],
    }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.content-type',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('http.content-type')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.json',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('json.invalid')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.sse',
    triggers: () => ({
      frames: [exchange({ id: 'h', findings: [finding('sse.unterminated-event', 'warning')] })],
    }),
    passes: () => ({ frames: clean1() }),
  },
  {
    check: 'frame.schema',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('a2a.shape')] })] }),
    passes: () => ({ frames: clean1() }),
  },
  {
    check: 'frame.other',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('something.new', 'info')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.extensions-echo',
    triggers: () => ({ frames: [exchange({ id: 'h', requestHeaders: [['A2A-Extensions', 'urn:x']] })] }),
    passes: () => ({
      frames: [
        exchange({
          id: 'h',
          requestHeaders: [['A2A-Extensions', 'urn:x']],
          responseHeaders: [
            ['Content-Type', 'application/json'],
            ['A2A-Extensions', 'urn:x'],
          ],
        }),
      ],
    }),
  },
  {
    check: 'state.illegal-transition',
    triggers: () => ({
      frames: stream('s', '1.0', [
        { taskId: 't', state: 'completed' },
        { taskId: 't', state: 'working' },
      ]),
    }),
    passes: () => ({ frames: clean1() }),
  },
  {
    check: 'state.after-terminal',
    triggers: () => ({
      frames: [
        ...stream('s', '1.0', [{ taskId: 't', state: 'completed' }]),
        ...stream('s9', '1.0', [{ taskId: 't', artifact: true }]),
      ],
    }),
    passes: () => ({
      frames: stream('s', '1.0', [
        { taskId: 't', artifact: true },
        { taskId: 't', state: 'completed' },
      ]),
    }),
  },
  {
    check: 'state.final-misuse',
    triggers: () => ({ frames: stream('s', '0.3', [{ taskId: 't', state: 'working', final: true }]) }),
    passes: () => ({ frames: clean03() }),
  },
  {
    check: 'state.stream-open-after-terminal',
    triggers: () => ({
      frames: stream('s', '1.0', [
        { taskId: 't', state: 'completed' },
        { taskId: 't', artifact: true },
      ]),
    }),
    passes: () => ({ frames: clean1() }),
  },
  {
    check: 'state.task-id-changed',
    triggers: () => ({
      frames: stream('s', '1.0', [
        { taskId: 't', state: 'working' },
        { taskId: 'u', state: 'completed' },
      ]),
    }),
    passes: () => ({ frames: clean1() }),
  },
];

describe('every check has a fixture that triggers it and one that does not', () => {
  for (const { check, triggers, passes } of cases) {
    it(check, () => {
      const hit = triggers();
      expect(checkIds(hit.frames, hit.card)).toContain(check);
      const clean = passes();
      expect(checkIds(clean.frames, clean.card)).not.toContain(check);
    });
  }

  it('covers every frame, card and state check in the catalogue', () => {
    const covered = new Set(cases.map((c) => c.check));
    const implemented = CHECKS.filter((check) => check.area !== 'probe').map((check) => check.id);
    expect(implemented.filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('state checks in detail', () => {
  it('0.x: a terminal state without final: true, and events after final', () => {
    const frames = stream('s', '0.3', [
      { taskId: 't', state: 'completed', final: false },
      { taskId: 't', state: 'input-required', final: true },
    ]);
    const report = runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' });
    const messages = report.findings.filter((f) => f.checkId === 'state.final-misuse').map((f) => f.message);
    expect(messages.some((m) => m.includes('does not say final: true'))).toBe(true);
    expect(messages.some((m) => m.includes('came after the stream’s final event'))).toBe(true);
  });

  it('0.x: input-required with final: true is how a 0.x stream pauses, not a misuse', () => {
    const frames = stream('s', '0.2', [{ taskId: 't', state: 'input-required', final: true }]);
    expect(checkIds(frames)).toEqual([]);
  });

  it('1.0: a stream the agent kept open after completed, closed by the user', () => {
    const frames = stream('s', '1.0', [{ taskId: 't', state: 'completed' }], 'closed-by-user');
    const report = runChecks({ frames, agents: [], cardFindings: [], appVersion: 'x' });
    expect(report.findings).toEqual([
      expect.objectContaining({
        checkId: 'state.stream-open-after-terminal',
        frameIds: ['s', expect.stringMatching(/^s-e/)],
        message: expect.stringContaining('the user closing it'),
      }),
    ]);
  });

  it('a push delivery that arrives out of order is a note, not an illegal transition', () => {
    const delivery = (id: string, state: string): Frame => ({
      kind: 'webhook',
      id,
      source: 'webhook',
      agentId: 'a1',
      timing: { start: clock++ },
      request: {
        method: 'POST',
        url: 'http://127.0.0.1/hooks/x',
        headers: [],
        body: body(JSON.stringify({ statusUpdate: { taskId: 'tp', contextId: 'c', status: { state } } })),
      },
      response: { status: 200, headers: [], body: body('') },
      verdict: { accepted: true, status: 200, reason: 'Accepted' },
      a2a: {
        generation: '1.0',
        item: 'status-update',
        taskId: 'tp',
        state: state === 'TASK_STATE_WORKING' ? 'working' : 'submitted',
      },
    });
    const report = runChecks({
      frames: [delivery('w1', 'TASK_STATE_WORKING'), delivery('w2', 'TASK_STATE_SUBMITTED')],
      agents: [],
      cardFindings: [],
      appVersion: 'x',
    });
    expect(report.findings).toEqual([
      expect.objectContaining({ checkId: 'state.illegal-transition', severity: 'info', frameIds: ['w2'] }),
    ]);
  });

  it('the task-id finding a unary answer carries is reported as a state check with its frame', () => {
    const report = runChecks({
      frames: [
        exchange({ id: 'h', findings: [{ rule: 'a2a.task-id-changed', severity: 'error', message: 'm' }] }),
      ],
      agents: [],
      cardFindings: [],
      appVersion: 'x',
    });
    expect(report.findings[0]).toMatchObject({ checkId: 'state.task-id-changed', frameIds: ['h'] });
  });

  it('older revisions of an exchange are ignored: only the newest is checked', () => {
    const final = exchange({ id: 'h' });
    const pending: HttpFrame = { ...final, rev: 0, state: 'pending', findings: [finding('json.invalid')] };
    delete pending.response;
    expect(checkIds([pending, final])).toEqual([]);
  });
});

describe('the report', () => {
  const probes: ProbeResult[] = [
    {
      probeId: 'probe.streaming',
      status: 'passed',
      message: 'streams',
      frameIds: ['p1'],
      findings: [],
      durationMs: 5,
    },
    {
      probeId: 'probe.unknown-task',
      status: 'failed',
      message: 'wrong code',
      frameIds: ['p2'],
      findings: [
        {
          checkId: 'probe.unknown-task',
          severity: 'error',
          message: 'Got -32603 <not> "TaskNotFound" & co',
          spec: 'PROTOCOL.md §7',
          frameIds: ['p2'],
        },
      ],
      durationMs: 5,
    },
    {
      probeId: 'probe.push',
      status: 'skipped',
      message: 'The card does not declare push.',
      frameIds: [],
      findings: [],
      durationMs: 0,
    },
  ];
  const report = runChecks({
    frames: [
      ...clean1(),
      exchange({ id: 'bad', findings: [finding('jsonrpc.id-mismatch'), finding('json.bom', 'info')] }),
    ],
    agents: [{ id: 'a1', name: 'A', cardUrl: 'http://x/card', generation: '1.0' }],
    cardFindings: [
      { agentId: 'a1', frameId: 'card', findings: [finding('card.interface-origin', 'warning')] },
    ],
    probes,
    appVersion: '1.2.3',
    now: () => new Date('2026-11-22T10:00:00Z'),
  });

  it('counts, orders by severity, merges probes and lists the checks that ran', () => {
    expect(report.summary).toEqual({ error: 2, warning: 1, info: 1, probesFailed: 1 });
    expect(report.findings.map((f) => f.severity)).toEqual(['error', 'error', 'warning', 'info']);
    expect(report.checksRun).toContain('card.lint');
    expect(report.checksRun).toContain('probe.unknown-task');
    expect(report.checksRun).not.toContain('probe.cancel');
    expect(report.generatedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(JSON.parse(reportToJson(report))).toEqual(report);
  });

  it('JUnit XML parses, with a suite per area, failures where something was found, skipped probes', () => {
    const xmlText = reportToJUnit(report);
    const doc = new DOMParser().parseFromString(xmlText, 'text/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const suites = [...doc.getElementsByTagName('testsuite')].map((s) => s.getAttribute('name'));
    expect(suites).toEqual([
      'switchboard.card',
      'switchboard.frame',
      'switchboard.state',
      'switchboard.probe',
    ]);
    const failed = [...doc.getElementsByTagName('failure')].map((f) => f.parentElement!.getAttribute('name'));
    expect(failed.some((name) => name?.startsWith('frame.jsonrpc'))).toBe(true);
    expect(failed.some((name) => name?.startsWith('card.lint'))).toBe(true);
    expect(failed.some((name) => name?.startsWith('probe.unknown-task'))).toBe(true);
    expect(failed.some((name) => name?.startsWith('probe.streaming'))).toBe(false);
    expect(doc.getElementsByTagName('skipped')).toHaveLength(1);
    expect(xmlText).toContain('Got -32603 &lt;not&gt; &quot;TaskNotFound&quot; &amp; co');
    const root = doc.documentElement;
    expect(Number(root.getAttribute('tests'))).toBe(doc.getElementsByTagName('testcase').length);
  });

  it('characters XML cannot carry do not break the file', () => {
    const odd = runChecks({
      frames: [
        exchange({
          id: 'h',
          findings: [{ rule: 'json.invalid', severity: 'error', message: 'bad \u0000\u0007 byte \uFFFF' }],
        }),
      ],
      agents: [],
      cardFindings: [],
      appVersion: 'x',
    });
    const doc = new DOMParser().parseFromString(reportToJUnit(odd), 'text/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  });
});
