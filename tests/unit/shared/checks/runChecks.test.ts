// The check engine (CHK-1..CHK-3): for every card, frame and state check in the catalogue, frames that trigger it and
// frames that do not; then the report's bookkeeping (order, counts, probes merged, nothing dropped).

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKS, cardCheckFor, checkById, describeCheck } from '../../../../shared/checks/catalog';
import { runChecks } from '../../../../shared/checks/runChecks';
import type { ProbeResult } from '../../../../shared/checks/types';
import { TimelineModel } from '../../../../shared/timeline/timelineModel';
import type { Finding } from '../../../../shared/wire/finding';
import type { Frame } from '../../../../shared/wire/frame';
import { exchange, finding, push, stream } from '../../../fixtures/checks/frames';

function report(frames: Frame[], cardFindings: Finding[] = []) {
  return runChecks({
    frames,
    agents: [{ id: 'a1', name: 'A', cardUrl: 'http://127.0.0.1:1/card', generation: '1.0' }],
    cardFindings: cardFindings.length > 0 ? [{ agentId: 'a1', frameId: 'card', findings: cardFindings }] : [],
    appVersion: 'test',
  });
}

const checkIds = (frames: Frame[], cardFindings: Finding[] = []) =>
  [...new Set(report(frames, cardFindings).findings.map((f) => f.checkId))].sort();

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
const rest = (id: string, contentType: string) =>
  exchange({
    id,
    binding: 'HTTP+JSON',
    url: 'http://127.0.0.1:1/message:send',
    responseHeaders: [['Content-Type', contentType]],
    responseText: '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}}',
  });

interface Case {
  check: string;
  triggers: () => { frames: Frame[]; card?: Finding[] };
  passes: () => { frames: Frame[]; card?: Finding[] };
}

const cases: Case[] = [
  {
    check: 'card.schema',
    triggers: () => ({ frames: [], card: [finding('card.schema')] }),
    passes: () => ({ frames: [], card: [finding('card.unknown-field', 'warning')] }),
  },
  {
    check: 'card.urls',
    triggers: () => ({ frames: [], card: [finding('card.url-scheme')] }),
    passes: () => ({ frames: [], card: [finding('card.interface-origin', 'warning')] }),
  },
  {
    check: 'card.lint',
    triggers: () => ({ frames: [], card: [finding('card.interface-origin', 'warning')] }),
    passes: () => ({ frames: [], card: [finding('card.schema')] }),
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
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('http.unexpected-status')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.content-type',
    triggers: () => ({
      frames: [
        exchange({ id: 'h', findings: [finding('http.content-type', 'warning')] }),
        push({ id: 'w', taskId: 't', state: 'working', contentType: 'text/plain', accepted: false }),
      ],
    }),
    passes: () => ({ frames: [exchange({ id: 'h' }), push({ id: 'w', taskId: 't', state: 'working' })] }),
  },
  {
    check: 'frame.media-type',
    triggers: () => ({ frames: [rest('h', 'application/json')] }),
    passes: () => ({ frames: [rest('h', 'application/a2a+json')] }),
  },
  {
    check: 'frame.a2a-version',
    triggers: () => ({
      frames: [
        exchange({
          id: 'h',
          outcome: 'error',
          responseText: '{"jsonrpc":"2.0","id":1,"error":{"code":-32009,"message":"Version not supported"}}',
        }),
      ],
    }),
    passes: () => ({
      frames: [
        exchange({
          id: 'h',
          outcome: 'error',
          responseText: '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}',
        }),
      ],
    }),
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
    triggers: () => ({
      frames: stream('s', '1.0', [{ taskId: 't', state: 'completed', findings: [finding('a2a.shape')] }]),
    }),
    passes: () => ({ frames: clean1() }),
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
    check: 'frame.extensions-required',
    triggers: () => ({
      frames: [exchange({ id: 'h', findings: [finding('extensions.required-not-requested', 'warning')] })],
    }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
  },
  {
    check: 'frame.extensions-unasked',
    triggers: () => ({
      frames: [
        exchange({
          id: 'h',
          requestHeaders: [['A2A-Extensions', 'urn:x']],
          responseHeaders: [
            ['Content-Type', 'application/json'],
            ['A2A-Extensions', 'urn:x, urn:y'],
          ],
        }),
      ],
    }),
    passes: () => ({
      frames: [
        exchange({
          id: 'h',
          requestHeaders: [['A2A-Extensions', 'urn:x, urn:y']],
          responseHeaders: [
            ['Content-Type', 'application/json'],
            ['A2A-Extensions', 'urn:y'],
          ],
        }),
      ],
    }),
  },
  {
    check: 'frame.route-missing',
    triggers: () => ({
      frames: [
        exchange({ id: 'h', status: 404, outcome: 'invalid', responseText: '{"detail":"Not Found"}' }),
      ],
    }),
    // A REST TaskNotFound is a 404 too, but an A2A error: the route is there.
    passes: () => ({
      frames: [exchange({ id: 'h', binding: 'HTTP+JSON', status: 404, outcome: 'error', operation: 'get' })],
    }),
  },
  {
    check: 'frame.other',
    triggers: () => ({ frames: [exchange({ id: 'h', findings: [finding('something.new', 'info')] })] }),
    passes: () => ({ frames: [exchange({ id: 'h' })] }),
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
        ...stream('s9', '1.0', [{ taskId: 't', artifact: true }], { operation: 'subscribe', taskId: 't' }),
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

  it('covers every card, frame and state check in the catalogue', () => {
    const covered = new Set(cases.map((c) => c.check));
    // The caller's checks (proxied traffic only) have their own fixtures in callerChecks.test.ts, the trace checks
    // in traceChecks.test.ts.
    const implemented = CHECKS.filter(
      (check) => check.area !== 'probe' && check.area !== 'caller' && check.area !== 'trace',
    ).map((check) => check.id);
    expect(implemented.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('clean traffic of both generations finds nothing at all', () => {
    expect(report([...clean1(), ...clean03()]).findings).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('has unique ids, each citing a public spec section with its link, and names every probe', () => {
    const ids = CHECKS.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CHECKS) {
      expect(check.id.startsWith(`${check.area}.`), check.id).toBe(true);
      expect(check.spec, check.id).toMatch(
        /^(A2A \d\.\d (§|specification)|JSON-RPC 2\.0|RFC \d+ §|WHATWG HTML §|W3C Trace Context §)/,
      );
      expect(check.specUrl, check.id).toMatch(/^https:\/\//);
      expect(check.title.length, check.id).toBeGreaterThan(10);
    }
    expect(ids.filter((id) => id.startsWith('probe.'))).toEqual([
      'probe.streaming',
      'probe.push',
      'probe.cancel',
      'probe.unknown-task',
      'probe.unsupported-method',
      'probe.bindings-agree',
      'probe.malformed-requests',
      'probe.required-methods',
      'probe.history-length',
      'probe.terminal-followup',
      'probe.cancel-errors',
    ]);
  });

  it('maps card rules: unreadable or wrong cards fail the schema, the rest is lint', () => {
    expect(['card.schema', 'card.not-a-card', 'json.invalid'].map(cardCheckFor)).toEqual([
      'card.schema',
      'card.schema',
      'card.schema',
    ]);
    expect(['card.interface-origin', 'json.duplicate-key', 'card.unknown-field'].map(cardCheckFor)).toEqual([
      'card.lint',
      'card.lint',
      'card.lint',
    ]);
  });

  it('docs/checks.md lists every check with its severity and spec section (a link), and nothing else', () => {
    const rows = readFileSync('docs/checks.md', 'utf8')
      .split('\n')
      .flatMap((line) => {
        const cells = /^\|\s*`([a-z0-9.-]+)`\s*\|\s*(\w+)\s*\|([^|]+)\|/.exec(line);
        return cells ? [{ id: cells[1], severity: cells[2], spec: cells[3]!.trim() }] : [];
      });
    expect(rows).toEqual(
      CHECKS.map(({ id, severity, spec }) => ({ id, severity, spec: `[${spec}][${id}]` })),
    );
  });

  it('describes an id it does not know instead of failing', () => {
    expect(checkById('probe.nope')).toBeUndefined();
    expect(describeCheck('probe.nope')).toMatchObject({
      id: 'probe.nope',
      area: 'probe',
      title: 'probe.nope',
    });
    expect(describeCheck('odd')).toMatchObject({ area: 'frame' });
  });
});

describe('the report', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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
          message: 'Got -32603',
          spec: 'A2A 1.0 §3.3.2 Error Handling',
          specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#332-error-handling',
          frameIds: ['p2'],
        },
      ],
      durationMs: 5,
    },
    { probeId: 'probe.future', status: 'passed', message: 'new', frameIds: [], findings: [], durationMs: 1 },
  ];
  const full = runChecks({
    frames: [
      ...clean1(),
      exchange({ id: 'bad', findings: [finding('jsonrpc.id-mismatch'), finding('json.bom', 'info')] }),
    ],
    agents: [{ id: 'a1', name: 'A', cardUrl: 'http://x/card', generation: '1.0' }],
    cardFindings: [
      {
        agentId: 'a1',
        frameId: 'card',
        findings: [
          {
            ...finding('card.interface-origin', 'warning'),
            pointer: '/url',
            spec: 'A2A 1.0 §8.3 Protocol Declaration Requirements',
            specUrl:
              'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#83-protocol-declaration-requirements',
          },
        ],
      },
    ],
    probes,
    appVersion: '1.2.3',
    now: () => new Date('2026-11-22T10:00:00Z'),
  });

  it('counts, orders by severity, merges probes as given and lists the checks that ran', () => {
    expect(full.summary).toEqual({
      error: 2,
      warning: 1,
      info: 1,
      probesFailed: 1,
      occurrences: { error: 2, warning: 1, info: 1 },
    });
    expect(full.findings.map((f) => [f.severity, f.checkId])).toEqual([
      ['error', 'frame.jsonrpc'],
      ['error', 'probe.unknown-task'],
      ['warning', 'card.lint'],
      ['info', 'frame.json'],
    ]);
    expect(full.probes).toEqual(probes);
    expect(full.checksRun).toContain('card.lint');
    expect(full.checksRun).toContain('probe.unknown-task');
    expect(full.checksRun).toContain('probe.future');
    expect(full.checksRun).not.toContain('probe.cancel');
    expect(full.generatedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(full.appVersion).toBe('1.2.3');
  });

  it('a card finding keeps its place, spec and frame', () => {
    expect(full.findings.find((f) => f.checkId === 'card.lint')).toEqual({
      checkId: 'card.lint',
      severity: 'warning',
      message: 'card.interface-origin happened',
      spec: 'A2A 1.0 §8.3 Protocol Declaration Requirements',
      specUrl:
        'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#83-protocol-declaration-requirements',
      count: 1,
      frameIds: ['card'],
      agentId: 'a1',
      pointer: '/url',
    });
  });

  it('card checks run only when there are cards to check', () => {
    const none = report(clean1());
    expect(none.checksRun.some((id) => id.startsWith('card.'))).toBe(false);
    expect(none.checksRun).toContain('frame.a2a-version');
    expect(none.checksRun).toContain('state.task-id-changed');
  });

  it('drops nothing: an unknown rule is reported under frame.other with its rule name', () => {
    const found = report([exchange({ id: 'h', findings: [finding('vendor.quirk', 'warning')] })]).findings;
    expect(found).toEqual([
      expect.objectContaining({
        checkId: 'frame.other',
        severity: 'warning',
        message: 'vendor.quirk: vendor.quirk happened',
        frameIds: ['h'],
        agentId: 'a1',
      }),
    ]);
  });

  it('findings on stream events name the exchange’s agent and the task', () => {
    const frames = stream('s', '1.0', [
      { taskId: 't', state: 'completed', findings: [finding('a2a.shape')] },
    ]);
    expect(report(frames).findings[0]).toMatchObject({
      checkId: 'frame.schema',
      agentId: 'a1',
      taskId: 't',
      frameIds: [frames[1]!.id],
    });
  });

  it('a timeline model fed revision by revision, as the store keeps it, gives the same findings', () => {
    const send = exchange({ id: 'send', answerTask: { id: 't', state: 'completed' } });
    const pending = { ...send, rev: 0, state: 'pending' as const };
    delete (pending as { response?: unknown }).response;
    const streamed = stream('s', '1.0', [{ taskId: 't', artifact: true }], {
      operation: 'subscribe',
      taskId: 't',
    });
    const get = exchange({
      id: 'get',
      operation: 'get',
      taskId: 't',
      answerTask: { id: 't', state: 'working' },
    });
    const arrivals: Frame[] = [pending, send, ...streamed, get];
    const model = new TimelineModel();
    for (const frame of arrivals) model.ingest([frame]);
    const base = { agents: [], cardFindings: [], appVersion: 'x', now: () => new Date(0) };
    const fresh = runChecks({ ...base, frames: arrivals });
    expect(fresh.findings.map((f) => f.checkId).sort()).toEqual([
      'state.after-terminal',
      'state.illegal-transition',
    ]);
    expect(runChecks({ ...base, frames: arrivals, timeline: model })).toEqual(fresh);
  });

  it('older revisions of an exchange are ignored: only the newest is checked', () => {
    const final = exchange({ id: 'h' });
    const pending = { ...final, rev: 0, state: 'pending' as const, findings: [finding('json.invalid')] };
    delete (pending as { response?: unknown }).response;
    expect(checkIds([pending, final])).toEqual([]);
  });

  it('takes the time from the clock it is given, and the wall clock otherwise', () => {
    // The wall clock is a fake one set to a known instant, so the report's time can be compared exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-06T07:08:09.010Z'));
    expect(report([]).generatedAt).toBe('2031-05-06T07:08:09.010Z');
  });
});

describe('identical findings', () => {
  const agents = [
    { id: 'a1', name: 'A', cardUrl: 'http://x/card', generation: '1.0' },
    { id: 'a3', name: 'B', cardUrl: 'http://y/card', generation: '0.3' },
  ];
  const run = (frames: Frame[]) => runChecks({ frames, agents, cardFindings: [], appVersion: 'x' });

  it('are one finding with their count and every frame, counted once in the summary and in full in occurrences', () => {
    const frames = ['h1', 'h2', 'h3'].map((id) =>
      exchange({ id, findings: [finding('jsonrpc.id-mismatch')] }),
    );
    frames.push(
      exchange({ id: 'h4', findings: [finding('jsonrpc.id-mismatch'), finding('json.bom', 'info')] }),
    );
    const found = run(frames);
    expect(found.findings).toEqual([
      expect.objectContaining({
        checkId: 'frame.jsonrpc',
        message: 'jsonrpc.id-mismatch happened',
        count: 4,
        frameIds: ['h1', 'h2', 'h3', 'h4'],
        agentId: 'a1',
      }),
      expect.objectContaining({ checkId: 'frame.json', count: 1, frameIds: ['h4'] }),
    ]);
    expect(found.summary).toMatchObject({
      error: 1,
      info: 1,
      occurrences: { error: 4, warning: 0, info: 1 },
    });
  });

  it('the same finding twice on one frame counts twice and names the frame once', () => {
    const twice = run([
      exchange({ id: 'h', findings: [finding('json.bom', 'info'), finding('json.bom', 'info')] }),
    ]);
    expect(twice.findings).toEqual([expect.objectContaining({ count: 2, frameIds: ['h'] })]);
  });

  it('stay apart when their message, place, task, agent or cited section differ', () => {
    const at = (pointer: string): Finding => ({ ...finding('a2a.shape'), pointer });
    const found = run([
      exchange({ id: 'p1', findings: [at('/a')] }),
      exchange({ id: 'p2', findings: [at('/b')] }),
      exchange({ id: 'm', findings: [{ ...finding('a2a.shape'), message: 'other words' }] }),
      exchange({ id: 't1', taskId: 't1', findings: [finding('json.invalid')] }),
      exchange({ id: 't2', taskId: 't2', findings: [finding('json.invalid')] }),
      exchange({ id: 's1', findings: [{ ...finding('sse.invalid-id'), spec: 'X' }] }),
      exchange({ id: 's2', findings: [{ ...finding('sse.invalid-id'), spec: 'Y' }] }),
    ]);
    expect(found.findings.map((f) => f.frameIds)).toEqual([
      ['p1'],
      ['p2'],
      ['m'],
      ['t1'],
      ['t2'],
      ['s1'],
      ['s2'],
    ]);
    const agentsApart = runChecks({
      frames: [
        push({ id: 'w1', taskId: 't', artifact: true }),
        { ...push({ id: 'w2', taskId: 't', artifact: true }), agentId: 'a3' },
      ].map((frame) => ({ ...frame, findings: [finding('json.bom', 'info')] })),
      agents,
      cardFindings: [],
      appVersion: 'x',
    });
    expect(agentsApart.findings.filter((f) => f.checkId === 'frame.json')).toHaveLength(2);
  });

  it('cite the section of the agent’s generation', () => {
    const zeroThree = stream('s', '0.3', [
      { taskId: 't', state: 'completed', final: true },
      { taskId: 't', state: 'working', final: false },
    ]);
    for (const frame of zeroThree) if (frame.kind === 'http' && frame.a2a) frame.a2a.agentId = 'a3';
    const cited = run(zeroThree).findings.map((f) => [f.checkId, f.spec]);
    expect(cited).toContainEqual(['state.final-misuse', 'A2A 0.3 §7.2.2 TaskStatusUpdateEvent Object']);
    const oneZero = run(
      stream('s', '1.0', [
        { taskId: 't', state: 'completed' },
        { taskId: 't', state: 'working' },
      ]),
    );
    expect(oneZero.findings.map((f) => f.spec)).toContain('A2A 1.0 §3.1.2 Send Streaming Message');
  });
});
