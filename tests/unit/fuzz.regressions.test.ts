// The bugs the fuzzers found (tests/unit/fuzz), each pinned by a plain example so it stays fixed whatever the
// generators happen to produce: prototype names taken for table entries, and nesting too deep to clone or save.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseCardSchema } from '../../electron/host/cardSchema';
import { blobReader } from '../../electron/host/session/blobs';
import { expandFrame } from '../../electron/host/session/compactFrame';
import { readJournal } from '../../electron/host/session/journal';
import { readSessionText, SessionFileError } from '../../electron/host/session/sessionFiles';
import { findAdapter } from '../../shared/a2a/adapters';
import type { SseFrame } from '../../shared/wire/frame';
import { nestedDeeperThan } from '../../shared/wire/jsonDepth';

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
