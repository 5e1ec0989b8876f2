// The bugs the fuzzers found (tests/unit/fuzz), each pinned by a plain example so it stays fixed whatever the
// generators happen to produce: prototype names taken for table entries, nesting too deep to clone or save, values
// whose toString is null, and a HAR block's offset that is not one.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCardText } from '../../../electron/host/cardCheck';
import { chooseCardSchema } from '../../../electron/host/cardSchema';
import { blobReader } from '../../../electron/host/session/blobs';
import { expandFrame } from '../../../electron/host/session/compactFrame';
import { readJournal } from '../../../electron/host/session/journal';
import {
  readSessionPath,
  readSessionText,
  SessionFileError,
} from '../../../electron/host/session/sessionFiles';
import { findAdapter } from '../../../shared/a2a/adapters';
import { harToFrames } from '../../../shared/session/harImport';
import type { SseFrame } from '../../../shared/wire/frame';
import { nestedDeeperThan } from '../../../shared/wire/jsonDepth';
import { testTempDir } from '../support/tempDir';

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('names of Object.prototype members from an agent', () => {
  const pushes: Array<[string, (state: string) => string]> = [
    ['0.1', (s) => `{"id":"t","sessionId":"c","status":{"state":"${s}"}}`],
    ['0.2', (s) => `{"kind":"task","id":"t","contextId":"c","status":{"state":"${s}"}}`],
    ['0.3', (s) => `{"kind":"task","id":"t","contextId":"c","status":{"state":"${s}"}}`],
    ['1.0', (s) => `{"task":{"id":"t","contextId":"c","status":{"state":"${s}"}}}`],
  ];
  for (const [generation, body] of pushes) {
    it(`are unknown task states in ${generation}, not functions`, () => {
      for (const state of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        const decoded = findAdapter(generation as '0.1', 'JSONRPC')!.decodePush(body(state));
        expect(decoded.kind).toBe('item');
        const item = decoded.kind === 'item' ? decoded.item : undefined;
        expect(item?.kind === 'task' ? item.task.status.state : undefined).toBe('unknown');
        expect(decoded.findings.map((f) => f.rule)).toContain('a2a.unknown-state');
        expect(() => structuredClone(decoded)).not.toThrow();
      }
    });
  }

  it('are no 0.2 card schema versions (a card read as 0.2 that declares "constructor")', () => {
    const choice = chooseCardSchema({ generation: '0.2' }, { protocolVersion: 'constructor' });
    expect(choice.version).toBe('0.2.4');
    expect(typeof choice.schema).toBe('object');
  });
});

describe('nesting too deep to clone or save', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-deep-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is measured without recursion', () => {
    expect(nestedDeeperThan(JSON.parse(deep(100_000)), 1100)).toBe(true);
    expect(nestedDeeperThan(JSON.parse(deep(1100)), 1100)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('makes a 0.1 push body a finding, as in every other generation', () => {
    const decoded = findAdapter('0.1', 'JSONRPC')!.decodePush(`{"id":"t","metadata":${deep(5000)}}`);
    expect(decoded.kind).toBe('invalid');
    expect(decoded.findings.map((f) => f.rule)).toEqual(['json.too-deep']);
  });

  it('refuses a session file or HAR that nests past the limit, with a reason', () => {
    const session = `{"format":"switchboard-session","schemaVersion":2,"frames":[${deep(5000)}]}`;
    expect(() => readSessionText(session, 'deep.switchboard')).toThrow(SessionFileError);
    expect(() => readSessionText(session, 'deep.switchboard')).toThrow(/more than 1100 levels deep/);
    const har = `{"log":{"version":"1.2","entries":[{"_switchboard":{"x":${deep(5000)}}}]}}`;
    expect(() => readSessionText(har, 'deep.har')).toThrow(/more than 1100 levels deep/);
  });

  it('skips a journal line that nests past the limit, counted as unreadable', async () => {
    const file = path.join(folder, 'deep.ndjson');
    const header = {
      kind: 'journal',
      format: 'switchboard-journal',
      version: 1,
      appVersion: '0',
      startedAt: 1,
    };
    writeFileSync(file, `${JSON.stringify(header)}\n{"kind":"sse","json":${deep(5000)}}\n`);
    const read = await readJournal(file);
    expect(read.frames).toEqual([]);
    expect(read.unreadable).toEqual([2]);
  });

  it('keeps no parsed copy of event data deeper than the careful parser reads', () => {
    const data = deep(3000);
    const frame = {
      kind: 'sse',
      id: 'e',
      source: 's',
      timing: { start: 0 },
      exchangeId: 'x',
      seq: 0,
      offset: { start: 0, end: 0 },
      raw: `data: ${data}\n\n`,
      dispatched: true,
      event: { index: 0, type: 'message', data: '' },
      derived: ['data', 'json'],
    } as unknown as SseFrame;
    const expanded = expandFrame(frame) as SseFrame;
    expect(expanded.event?.data).toBe(data);
    expect(expanded.json).toBeUndefined();
    const reader = blobReader(() => Buffer.from(`data: ${data}\n\n`));
    expect(reader.block('h')?.json).toBeUndefined();
    expect(blobReader(() => Buffer.from('data: [[1]]\n\n')).block('h')?.json).toEqual([[1]]);
  });
});

describe('values whose toString is null (String() of them throws)', () => {
  const hostile = { toString: null };

  it('a card’s protocolVersion or skill name', () => {
    expect(chooseCardSchema({ generation: '0.2' }, { protocolVersion: hostile }).version).toBe('0.2.4');
    const card = {
      name: 'x',
      description: 'x',
      version: '1',
      protocolVersion: hostile,
      supportedInterfaces: [
        { url: 'http://127.0.0.1:9/', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      ],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: hostile, name: hostile, description: 'd', tags: [], inputModes: ['image/png'] }],
    };
    const check = checkCardText(JSON.stringify(card));
    expect(
      check.findings.some((f) => f.rule === 'card.skill-modes' && f.message.startsWith('Skill "0"')),
    ).toBe(true);
  });

  it('a journal header’s start time and version', async () => {
    const folder = testTempDir('switchboard-header-');
    const file = path.join(folder, 'run.ndjson');
    writeFileSync(
      file,
      '{"kind":"journal","format":"switchboard-journal","version":1,"appVersion":{"toString":null},"startedAt":{"toString":null}}\n',
    );
    const read = await readJournal(file);
    expect(read.header).toMatchObject({ appVersion: '', startedAt: 0 });
    const opened = await readSessionPath(file);
    expect(opened.title).toBe('Recording run.ndjson');
  });
});

describe('a HAR stream block whose recorded offset is not one', () => {
  it('takes its place after the block before it', () => {
    const entry = {
      startedDateTime: '2026-11-25T00:00:00.000Z',
      time: 1,
      request: { method: 'POST', url: 'http://127.0.0.1:9/a2a', headers: [] },
      response: {
        status: 200,
        headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
        content: { mimeType: 'text/event-stream', text: '' },
      },
      _switchboard: { kind: 'http', id: 'x', source: 'test', timing: { start: 1 } },
      _sseEvents: [
        { raw: 'data: {}\n\n', dispatched: true, event: { data: '{}' }, _switchboard: { offset: null } },
        { raw: 'data: [1]\n\n', dispatched: true, event: { data: '[1]' }, _switchboard: { json: true } },
        {
          raw: `data: ${deep(3000)}\n\n`,
          dispatched: true,
          event: { data: deep(3000) },
          _switchboard: { json: true },
        },
      ],
    };
    const imported = harToFrames({ log: { version: '1.2', entries: [entry] } });
    const events = imported.frames.filter((f): f is SseFrame => f.kind === 'sse');
    expect(events.map((e) => e.offset)).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 21 },
      { start: 21, end: 21 + 6 + 6000 + 2 },
    ]);
    expect(events[1]!.json).toEqual([1]);
    expect(events[2]!.json).toBeUndefined();
  });
});
