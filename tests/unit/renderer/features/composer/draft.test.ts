// The composer's rules without a browser: a draft → the SendInput (or the problems that keep Send disabled), JSON
// errors with their place, lists, base64, the card's streaming default, the task/context a send names, and the
// store's part list (add, move, remove, clear).

import { beforeEach, describe, expect, it } from 'vitest';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import {
  bytesToBase64,
  INLINE_MAX_BYTES,
  INLINE_WARN_BYTES,
} from '../../../../../renderer/features/composer/base64';
import { cardStreams } from '../../../../../renderer/features/composer/cardDefaults';
import {
  checkDraft,
  isAbsoluteUri,
  splitList,
  type Draft,
} from '../../../../../renderer/features/composer/draft';
import {
  findJsonError,
  lineAndColumn,
  parseJson,
  parseJsonObject,
} from '../../../../../renderer/features/composer/jsonText';
import { resolveTarget, type WaitingTask } from '../../../../../renderer/features/composer/useComposerTarget';
import { useAppStore } from '../../../../../renderer/store/appStore';
import { MAIN_TEXT_ID, type DraftPart } from '../../../../../renderer/store/composerSlice';
import type { TaskView } from '../../../../../shared/timeline/taskView';

const main: DraftPart = { id: MAIN_TEXT_ID, kind: 'main-text' };

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  composerText: '',
  parts: [main],
  streaming: false,
  metadataJson: '',
  extensionsText: '',
  referenceTaskIdsText: '',
  blocking: true,
  acceptedOutputModesText: '',
  historyLengthText: '',
  ...overrides,
});

const file = (overrides: Partial<Extract<DraftPart, { kind: 'file' }>> = {}): DraftPart => ({
  id: 'f1',
  kind: 'file',
  source: 'bytes',
  name: 'notes.txt',
  mediaType: 'text/plain',
  bytes: 'aGk=',
  size: 2,
  uri: '',
  ...overrides,
});

const data = (json: string, id = 'd1'): DraftPart => ({ id, kind: 'data', json, mediaType: '' });

describe('checkDraft', () => {
  it('is empty, without a problem, when there is nothing to send', () => {
    const check = checkDraft(draft({ composerText: '   ' }), {});
    expect(check).toEqual({ empty: true, problems: [], warnings: [] });
  });

  it('builds a full SendInput: parts in order, extras, configuration, task and context', () => {
    const check = checkDraft(
      draft({
        composerText: 'hello',
        parts: [data('{"city":"Oslo"}'), main, file()],
        metadataJson: '{"trace": 1}',
        extensionsText: 'https://example.com/ext/a,\nurn:example:b',
        referenceTaskIdsText: 't-0, t-1',
        blocking: false,
        acceptedOutputModesText: 'text/plain application/json',
        historyLengthText: ' 0 ',
      }),
      { taskId: 't-9', contextId: 'c-9' },
    );
    expect(check.problems).toEqual([]);
    expect(check.input).toEqual({
      message: {
        parts: [
          { kind: 'data', data: { city: 'Oslo' } },
          { kind: 'text', text: 'hello' },
          { kind: 'file', bytes: 'aGk=', name: 'notes.txt', mediaType: 'text/plain' },
        ],
        taskId: 't-9',
        contextId: 'c-9',
        referenceTaskIds: ['t-0', 't-1'],
        extensions: ['https://example.com/ext/a', 'urn:example:b'],
        metadata: { trace: 1 },
      },
      blocking: false,
      acceptedOutputModes: ['text/plain', 'application/json'],
      historyLength: 0,
    });
  });

  it('always sends blocking explicitly, and true for a stream', () => {
    expect(
      checkDraft(draft({ composerText: 'x', streaming: true, blocking: false }), {}).input?.blocking,
    ).toBe(true);
    expect(checkDraft(draft({ composerText: 'x', blocking: true }), {}).input?.blocking).toBe(true);
  });

  it('sends a message of only a data part (any JSON value) or only a file', () => {
    expect(checkDraft(draft({ parts: [main, data('[1, 2]')] }), {}).input?.message.parts).toEqual([
      { kind: 'data', data: [1, 2] },
    ]);
    expect(
      checkDraft(draft({ parts: [file({ source: 'uri', uri: 'https://x.test/a.pdf ' })] }), {}).input,
    ).toEqual({
      message: {
        parts: [{ kind: 'file', uri: 'https://x.test/a.pdf', name: 'notes.txt', mediaType: 'text/plain' }],
      },
      blocking: true,
    });
  });

  it('blocks the send while a data part is not valid JSON, and says where', () => {
    const check = checkDraft(
      draft({ composerText: 'hi', parts: [main, data('{"city":\n  Oslo}', 'd7')] }),
      {},
    );
    expect(check.input).toBeUndefined();
    expect(check.empty).toBe(false);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]!.partId).toBe('d7');
    expect(check.problems[0]!.message).toMatch(/^Part 2 \(data\): Invalid JSON at line 2, column 3: /);
  });

  it('blocks the send for a file without its URI or bytes, or too large to inline', () => {
    const problems = (part: DraftPart) =>
      checkDraft(draft({ parts: [part] }), {}).problems.map((p) => p.message);
    expect(problems(file({ source: 'uri', uri: '' }))).toEqual(['Part 1 (file): type the file’s URI.']);
    expect(problems(file({ source: 'uri', uri: 'a.pdf' }))).toEqual([
      'Part 1 (file): "a.pdf" is not an absolute URI.',
    ]);
    const { bytes: _bytes, ...withoutBytes } = file() as Extract<DraftPart, { kind: 'file' }>;
    expect(problems(withoutBytes)).toEqual(['Part 1 (file): choose a file, or send it by URI.']);
    expect(problems(file({ bytes: undefined, tooLarge: true, size: INLINE_MAX_BYTES + 1 }))[0]).toMatch(
      /too large to send inline .* send it by URI instead/,
    );
  });

  it('warns, without blocking, about a large inline file', () => {
    const check = checkDraft(draft({ parts: [file({ size: INLINE_WARN_BYTES + 1 })] }), {});
    expect(check.input).toBeDefined();
    expect(check.warnings).toEqual([
      {
        partId: 'f1',
        message: expect.stringMatching(/^Part 1 \(file\): 1\.0 MB inline — /) as unknown as string,
      },
    ]);
  });

  it('checks the metadata, extensions and history length', () => {
    const messages = (overrides: Partial<Draft>) =>
      checkDraft(draft({ composerText: 'x', ...overrides }), {}).problems.map((p) => [p.field, p.message]);
    expect(messages({ metadataJson: '[1]' })).toEqual([
      ['metadata', 'Metadata: Must be a JSON object ({…}), not an array.'],
    ]);
    expect(messages({ metadataJson: '{' })[0]![1]).toMatch(/^Metadata: Invalid JSON at line 1, column 2/);
    expect(messages({ extensionsText: 'https://ok.test/x not-a-uri' })).toEqual([
      ['extensions', 'Extension "not-a-uri" is not an absolute URI.'],
    ]);
    expect(messages({ historyLengthText: '-1' })[0]![0]).toBe('historyLength');
    expect(messages({ historyLengthText: '2.5' })[0]![0]).toBe('historyLength');
  });

  it('skips empty text parts, keeps others as typed', () => {
    const check = checkDraft(
      draft({
        composerText: '',
        parts: [main, { id: 't1', kind: 'text', text: '  ' }, { id: 't2', kind: 'text', text: ' two ' }],
      }),
      {},
    );
    expect(check.input?.message.parts).toEqual([{ kind: 'text', text: ' two ' }]);
  });
});

describe('what the chosen generation cannot carry', () => {
  const rich = draft({
    composerText: 'hi',
    parts: [main, { id: 'd1', kind: 'data', json: '"text"', mediaType: 'application/json' }, file()],
    extensionsText: 'https://example.com/ext',
    referenceTaskIdsText: 't-0',
    acceptedOutputModesText: 'text/plain',
    blocking: false,
  });
  const notes = (generation: '0.1' | '0.2' | '0.3' | '1.0', binding?: 'JSONRPC' | 'HTTP+JSON') =>
    checkDraft(rich, {}, { generation, ...(binding ? { binding } : {}) }).warnings.map((w) => w.message);

  it('1.0 carries everything', () => {
    expect(notes('1.0', 'JSONRPC')).toEqual([]);
  });

  it('0.1 has no extensions, references, output modes or blocking flag', () => {
    expect(notes('0.1', 'JSONRPC')).toEqual([
      'A2A 0.1 messages have no extensions; they are not sent.',
      'A2A 0.1 messages have no referenceTaskIds; they are not sent.',
      'A2A 0.1 has no acceptedOutputModes; they are not sent.',
      'A2A 0.1 has no blocking flag: tasks/send always waits for the task.',
      'Part 2: A2A 0.1 data parts have no media type; it is not sent.',
      'Part 2: A2A 0.1 data parts hold a JSON object; this one is a string.',
    ]);
  });

  it('the 0.3 proto has no file name or referenceTaskIds', () => {
    expect(notes('0.3', 'HTTP+JSON')).toEqual([
      'A2A 0.3 over HTTP+JSON messages have no referenceTaskIds; they are not sent.',
      'Part 2: A2A 0.3 over HTTP+JSON data parts have no media type; it is not sent.',
      'Part 2: A2A 0.3 over HTTP+JSON data parts hold a JSON object; this one is a string.',
      'Part 3: A2A 0.3 over HTTP+JSON file parts have no name; it is not sent.',
    ]);
  });
});

describe('JSON text', () => {
  it('places errors by line and column, whatever the engine says', () => {
    expect(parseJson('{\n  "a": 1,\n}')).toEqual({
      ok: false,
      message: 'Invalid JSON at line 3, column 1: expected a property name in double quotes, found "}".',
    });
    expect(parseJson('{"a":')).toEqual({
      ok: false,
      message: 'Invalid JSON at line 1, column 6: expected a value, found the end of the text.',
    });
    expect(parseJson('{"city": Oslo}')).toEqual({
      ok: false,
      message: 'Invalid JSON at line 1, column 10: expected a value, found "O".',
    });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('finds an error exactly when JSON.parse fails (differential, against the engine)', () => {
    const accepts = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      'a',
      '1',
      '0',
      '-',
      '.',
      'e',
      '+',
      ' ',
      '\n',
      'true',
      'null',
      '\\u00',
      'é',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(findJsonError(text) === undefined).toBe(accepts(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findJsonError(JSON.stringify(value, null, 2))).toBeUndefined();
      }),
    );
  });

  it('reads an object, or nothing for empty text', () => {
    expect(parseJsonObject('  ')).toEqual({ ok: true, value: undefined });
    expect(parseJsonObject('{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
    expect(parseJsonObject('null')).toEqual({ ok: false, message: 'Must be a JSON object ({…}), not null.' });
  });
});

describe('lists, URIs, base64, card defaults', () => {
  it('splits on spaces, commas and new lines', () => {
    expect(splitList(' a, b\n\nc ,, ')).toEqual(['a', 'b', 'c']);
  });

  it('knows an absolute URI', () => {
    expect(isAbsoluteUri('https://a.test/x')).toBe(true);
    expect(isAbsoluteUri('urn:a2a:ext')).toBe(true);
    expect(isAbsoluteUri('/relative')).toBe(false);
    expect(isAbsoluteUri('a.pdf')).toBe(false);
  });

  it('encodes bytes as Node does, across slice boundaries', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 5).map((_, i) => (i * 7) & 0xff);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });

  it('streams by default only when the card says so', () => {
    expect(cardStreams('{"capabilities":{"streaming":true}}')).toBe(true);
    expect(cardStreams('{"capabilities":{"streaming":false}}')).toBe(false);
    expect(cardStreams('{"capabilities":{}}')).toBe(false);
    expect(cardStreams('not json')).toBe(false);
  });
});

describe('the task and context a send names', () => {
  const waiting: WaitingTask = {
    task: { id: 't-wait', contextId: 'c-wait' } as TaskView,
    state: 'input-required',
  };

  it('continues the waiting task unless the user chose a new one', () => {
    expect(resolveTarget({ kind: 'auto' }, waiting, 'new', 'c-last').message).toEqual({
      taskId: 't-wait',
      contextId: 'c-wait',
    });
    expect(resolveTarget({ kind: 'new' }, waiting, 'new', 'c-last')).toEqual({
      lastContextId: 'c-last',
      message: {},
    });
  });

  it('a new task in the same context keeps the last task’s contextId', () => {
    expect(resolveTarget({ kind: 'new' }, waiting, 'same', 'c-last').message).toEqual({
      contextId: 'c-last',
    });
    expect(resolveTarget({ kind: 'auto' }, undefined, 'same', undefined).message).toEqual({});
  });

  it('a picked task wins', () => {
    expect(resolveTarget({ kind: 'task', taskId: 't-1' }, waiting, 'same', 'c-last').continued).toEqual({
      taskId: 't-1',
    });
  });
});

describe('the composer slice', () => {
  beforeEach(() => useAppStore.getState().clearParts());

  it('adds, moves and removes parts; the text box stays', () => {
    const store = useAppStore.getState();
    store.addParts([
      { kind: 'data', json: '{}', mediaType: '' },
      { kind: 'text', text: 'b' },
    ]);
    const ids = () => useAppStore.getState().parts.map((p) => p.kind);
    expect(ids()).toEqual(['main-text', 'data', 'text']);
    const dataId = useAppStore.getState().parts[1]!.id;
    store.movePart(dataId, -1);
    expect(ids()).toEqual(['data', 'main-text', 'text']);
    store.movePart(dataId, -1);
    expect(ids()).toEqual(['data', 'main-text', 'text']);
    store.updatePart(dataId, { json: '{"a":1}' });
    expect(useAppStore.getState().parts[0]).toMatchObject({ kind: 'data', json: '{"a":1}' });
    store.removePart(MAIN_TEXT_ID);
    store.removePart(dataId);
    expect(ids()).toEqual(['main-text', 'text']);
    store.setComposerText('typed');
    store.clearParts();
    expect(ids()).toEqual(['main-text']);
    expect(useAppStore.getState().composerText).toBe('');
  });

  it('applies the card’s streaming default once per agent', () => {
    const store = useAppStore.getState();
    store.applyStreamingDefault('a1', false);
    expect(useAppStore.getState().streaming).toBe(false);
    store.setStreaming(true);
    store.applyStreamingDefault('a1', false);
    expect(useAppStore.getState().streaming).toBe(true);
    store.applyStreamingDefault('a2', false);
    expect(useAppStore.getState().streaming).toBe(false);
  });
});
