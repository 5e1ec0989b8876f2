// The editor's history (MSG-8): secrets never kept, newest first and capped, search over every word, and stored
// text that is not a history read as an empty one.

import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  HISTORY_LIMIT,
  parseHistory,
  searchHistory,
  type HistoryEntry,
} from '../../../../../renderer/features/raw/requestHistory';

function entry(id: string, url: string, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return { id, at: 1, outcome: '200 OK', draft: { method: 'GET', url, headers: [], body: '' }, ...extra };
}

describe('request history', () => {
  it('keeps no secret: secret header values and typed credentials are emptied', () => {
    const [kept] = addToHistory([], {
      ...entry('1', 'http://a.test/'),
      draft: {
        method: 'POST',
        url: 'http://a.test/',
        headers: [
          { name: 'X-API-Key', value: 'S1', secret: true },
          { name: 'X-Plain', value: 'p' },
        ],
        body: 'x',
        auth: { kind: 'basic', user: 'ann', password: 'S2' },
      },
    });
    expect(JSON.stringify(kept)).not.toMatch(/S1|S2/);
    expect(kept!.draft.headers).toEqual([
      { name: 'X-API-Key', value: '', secret: true },
      { name: 'X-Plain', value: 'p' },
    ]);
    expect(kept!.draft.auth).toEqual({ kind: 'basic', user: 'ann', password: '' });
    const bearer = addToHistory([], {
      ...entry('2', 'u'),
      draft: { ...entry('2', 'u').draft, auth: { kind: 'bearer', token: 'S3' } },
    });
    const key = addToHistory([], {
      ...entry('3', 'u'),
      draft: { ...entry('3', 'u').draft, auth: { kind: 'api-key', name: 'K', value: 'S4' } },
    });
    expect(JSON.stringify([bearer, key])).not.toMatch(/S3|S4/);
  });

  it('leaves a file body out', () => {
    const draft = { ...entry('1', 'u').draft, bodyFile: { name: 'a.bin', base64: 'AAAA', size: 3 } };
    expect(addToHistory([], { ...entry('1', 'u'), draft })[0]!.draft).not.toHaveProperty('bodyFile');
  });

  it('puts the newest first and keeps at most the limit', () => {
    let entries: HistoryEntry[] = [];
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1)
      entries = addToHistory(entries, entry(String(i), `http://a.test/${i}`));
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0]!.id).toBe(String(HISTORY_LIMIT + 4));
  });

  it('finds entries matching every word in method, URL, outcome, headers and body', () => {
    const entries = [
      entry('1', 'http://a.test/tasks', { outcome: '201 Created' }),
      {
        ...entry('2', 'http://b.test/x'),
        draft: {
          method: 'POST',
          url: 'http://b.test/x',
          headers: [{ name: 'X-Trace', value: 'abc' }],
          body: 'hello',
        },
      },
    ];
    expect(searchHistory(entries, '').map((e) => e.id)).toEqual(['1', '2']);
    expect(searchHistory(entries, 'TASKS 201').map((e) => e.id)).toEqual(['1']);
    expect(searchHistory(entries, 'post x-trace hello').map((e) => e.id)).toEqual(['2']);
    expect(searchHistory(entries, 'tasks hello')).toEqual([]);
  });

  it('reads stored history, dropping what is not an entry', () => {
    const good = entry('1', 'http://a.test/');
    expect(parseHistory(JSON.stringify([good, { id: 2 }, null, 'x']))).toEqual([good]);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
  });
});
