// How the command line turns outcomes into exit codes and words (CLI-1), and command-line options into agent
// settings and message parts: pure pieces, checked here without an agent.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partsFor, guessMediaType, settingsFrom } from '../../../../electron/cli/agentCommands';
import { errorLine, exitFor, findingLines, resultLines, taskLines } from '../../../../electron/cli/output';
import { parseCli, type Invocation } from '../../../../electron/cli/args';
import type { OperationOutcome } from '../../../../shared/host/agent';
import type { Message, Task } from '../../../../shared/a2a/model';
import type { FrameError } from '../../../../shared/wire/frame';
import { testTempDir } from '../../support/tempDir';

const outcome = (fields: Partial<OperationOutcome>): OperationOutcome => ({
  status: 'result',
  message: '',
  findings: [],
  ...fields,
});
const networkError = (kind: FrameError['kind']): FrameError => ({ kind, label: kind, message: kind });
const message = (role: 'user' | 'agent', text: string): Message => ({
  role,
  roleWire: role,
  parts: [{ kind: 'text', text, wire: {} }],
  wire: {},
});
const task = (state: Task['status']['state'], history: Message[] = []): Task => ({
  id: 't-1',
  contextId: 'c-1',
  status: { state, stateWire: `TASK_STATE_${state.toUpperCase()}`, wire: {} },
  artifacts: [{ name: 'echo', parts: [{ kind: 'text', text: 'Echo: hi', wire: {} }], wire: {} }],
  history,
  wire: {},
});
const invocation = (argv: string[]): Invocation => {
  const parsed = parseCli(argv);
  if (!('args' in parsed)) throw new Error(`not an invocation: ${JSON.stringify(parsed)}`);
  return parsed;
};

describe('exit codes', () => {
  it('0 for a result, 1 for an A2A error, an unusable answer or a refusal', () => {
    expect(exitFor(outcome({ result: { type: 'task', task: task('completed') } }))).toBe(0);
    expect(exitFor(outcome({ result: { type: 'task', task: task('input-required') } }))).toBe(0);
    for (const status of ['error', 'invalid', 'refused'] as const)
      expect(exitFor(outcome({ status }))).toBe(1);
  });

  it('1 for a task that failed or was rejected', () => {
    expect(exitFor(outcome({ result: { type: 'task', task: task('failed') } }))).toBe(1);
    expect(exitFor(outcome({ result: { type: 'task', task: task('rejected') } }))).toBe(1);
    const stream = outcome({ status: 'stream', exchangeId: 'x' });
    expect(exitFor(stream, { exchangeId: 'x', ended: 'complete', events: 3 }, 'failed')).toBe(1);
    expect(exitFor(stream, { exchangeId: 'x', ended: 'complete', events: 3 }, 'completed')).toBe(0);
  });

  it('3 when the agent was not reached (DNS, refused, reset, unreachable, TLS, timeout); 1 for other failures', () => {
    for (const kind of ['dns', 'refused', 'reset', 'unreachable', 'tls', 'timeout'] as const)
      expect(exitFor(outcome({ status: 'failed', frameError: networkError(kind) })), kind).toBe(3);
    for (const kind of ['too-large', 'protocol', 'aborted', 'invalid-request'] as const)
      expect(exitFor(outcome({ status: 'failed', frameError: networkError(kind) })), kind).toBe(1);
  });

  it('a stream that ended in an error: 3 for a timeout, 1 when the agent dropped it', () => {
    const stream = outcome({ status: 'stream', exchangeId: 'x' });
    const ended = (kind: FrameError['kind']) => ({
      exchangeId: 'x',
      ended: 'error' as const,
      events: 1,
      frameError: networkError(kind),
    });
    expect(exitFor(stream, ended('timeout'))).toBe(3);
    expect(exitFor(stream, ended('reset'))).toBe(1);
    expect(exitFor(stream, ended('too-large'))).toBe(1);
  });
});

describe('words', () => {
  it('names an A2A error by code, name and HTTP status', () => {
    expect(
      errorLine({ code: -32001, name: 'TaskNotFoundError', httpStatus: 200, message: 'No task', wire: {} }),
    ).toBe('A2A error -32001 TaskNotFoundError (HTTP 200): No task');
    expect(errorLine({ httpStatus: 404, message: 'Not found', wire: {} })).toBe(
      'A2A error (HTTP 404): Not found',
    );
  });

  it('prints findings with their rule and the public section they cite, with its link', () => {
    expect(
      findingLines([
        {
          rule: 'jsonrpc.id-mismatch',
          severity: 'error',
          message: 'Ids differ.',
          spec: 'JSON-RPC 2.0 §5 Response object',
          specUrl: 'https://www.jsonrpc.org/specification#response_object',
        },
        { rule: 'http.content-type', severity: 'warning', message: 'Not JSON.' },
        // As saved by earlier versions: an internal label, and a public one without its link.
        { rule: 'sse.unknown-field', severity: 'warning', message: 'Odd field.', spec: 'PROTOCOL.md §5' },
        { rule: 'json.invalid', severity: 'error', message: 'Not JSON.', spec: 'RFC 8259' },
      ]),
    ).toEqual([
      '  error: [jsonrpc.id-mismatch] Ids differ. (JSON-RPC 2.0 §5 Response object <https://www.jsonrpc.org/specification#response_object>)',
      '  warning: [http.content-type] Not JSON.',
      '  warning: [sse.unknown-field] Odd field. (A2A 1.0 §3.1.2 Send Streaming Message <https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#312-send-streaming-message>)',
      '  error: [json.invalid] Not JSON. (RFC 8259 §2 JSON Grammar <https://www.rfc-editor.org/rfc/rfc8259#section-2>)',
    ]);
  });

  it('prints a task with its artifacts, and its history only when asked', () => {
    const withHistory = task('completed', [message('user', 'hi'), message('agent', 'hello')]);
    expect(taskLines(withHistory)).toEqual([
      'Task t-1 · TASK_STATE_COMPLETED · context c-1',
      '  Artifact echo: Echo: hi',
    ]);
    expect(resultLines({ type: 'task', task: withHistory }, true)).toEqual([
      'Task t-1 · TASK_STATE_COMPLETED · context c-1',
      '  Artifact echo: Echo: hi',
      '  History (2 messages):',
      '    User: hi',
      '    Agent: hello',
    ]);
  });
});

describe('options into settings and parts', () => {
  it('headers (secret ones marked), bearer from the option or the environment, one timeout for all phases', () => {
    const inv = invocation([
      'send',
      'http://a',
      'x',
      '--header',
      'X-Trace: 1',
      '--header',
      'X-Api-Key:  k-1 ',
      '--timeout',
      '900',
      '--trust-origin',
      'https://api.example.com/a2a',
    ]);
    expect(settingsFrom(inv, {})).toEqual({
      headers: [
        { name: 'X-Trace', value: '1' },
        { name: 'X-Api-Key', value: 'k-1', secret: true },
      ],
      trustedOrigins: ['https://api.example.com'],
      timeouts: { totalMs: 900, firstByteMs: 900, idleMs: 900 },
    });
    expect(settingsFrom(invocation(['card', 'http://a']), { SWITCHBOARD_BEARER: 'env-token' })).toEqual({
      auth: { type: 'bearer', token: 'env-token' },
    });
    expect(
      settingsFrom(invocation(['card', 'http://a', '--bearer', 'flag-token']), { SWITCHBOARD_BEARER: 'env' }),
    ).toEqual({ auth: { type: 'bearer', token: 'flag-token' } });
  });

  it('files inline with their name and a guessed media type; data parsed; a missing file named', async () => {
    const dir = testTempDir('sb-cli-parts-');
    const file = path.join(dir, 'Photo.PNG');
    await writeFile(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const parts = await partsFor(
      invocation(['send', 'http://a', 'look', '--file', file, '--data', '{"n":[1]}']),
    );
    expect(parts).toEqual([
      { kind: 'text', text: 'look' },
      { kind: 'file', name: 'Photo.PNG', mediaType: 'image/png', bytes: 'iVBORw==' },
      { kind: 'data', data: { n: [1] } },
    ]);
    const missing = path.join(dir, 'nope.txt');
    expect(await partsFor(invocation(['send', 'http://a', 'x', '--file', missing]))).toEqual({
      error: expect.stringMatching(new RegExp(`^--file ${missing}: ENOENT`)) as unknown,
    });
    expect(guessMediaType('a/b/report.pdf')).toBe('application/pdf');
    expect(guessMediaType('notes.yaml')).toBe('application/yaml');
    expect(guessMediaType('blob.bin')).toBe('application/octet-stream');
    expect(guessMediaType('Makefile')).toBe('application/octet-stream');
  });
});
