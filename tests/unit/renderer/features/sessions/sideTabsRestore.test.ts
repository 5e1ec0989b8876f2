// Session tabs kept across a reload (UX-2): what the window remembers and how it reads it back; the tabs restore
// brings back, a missing file and a picked file as tabs that say why, and a session too large to hold; each held
// session's own view store; moving between tabs by number, step and keys; the palette's tab commands.

import { afterEach, describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../../shared/host/hostApi';
import type { SessionSummary } from '../../../../../shared/session/types';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import {
  PICKED_FILE_PROBLEM,
  restoreSideTabs,
} from '../../../../../renderer/features/sessions/restoreSideTabs';
import {
  createSideSessionsStore,
  LIVE_TAB,
  rememberedTabsOf,
  tabKeys,
  useSideSessions,
} from '../../../../../renderer/features/sessions/sideSessionsStore';
import { sideTabCommands, startCompare } from '../../../../../renderer/features/sessions/sideTabCommands';
import { sideTabAction, type KeyPress } from '../../../../../renderer/features/sessions/sideTabShortcuts';
import {
  MAX_REMEMBERED_TABS,
  readRememberedTabs,
  SIDE_TABS_KEY,
  writeRememberedTabs,
} from '../../../../../renderer/features/sessions/sideTabsMemory';
import type { WindowStorage } from '../../../../../renderer/ui/windowStorage';

function memoryStorage(initial?: unknown): WindowStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined)
    data.set(SIDE_TABS_KEY, typeof initial === 'string' ? initial : JSON.stringify(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const stored = (storage: { data: Map<string, string> }): unknown =>
  JSON.parse(storage.data.get(SIDE_TABS_KEY) ?? '');

const summary = (id: string, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  sessionId: id,
  title: id,
  source: 'file',
  agents: [],
  frameCount: 1,
  notices: [],
  ...extra,
});

function exchange(id: string): HttpFrame {
  const text = '{}';
  const body = { base64: Buffer.from(text).toString('base64'), text, size: 2, utf8Valid: true };
  return {
    kind: 'http',
    id,
    rev: 2,
    state: 'done',
    source: 'agent:send',
    timing: { start: 1000, end: 1010 },
    request: { method: 'POST', url: 'http://127.0.0.1:4000/', headers: [], body },
    response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body },
  };
}

/** A host whose files are `files` (path → frame ids); any other path is gone, as the host says it. */
function fakeHost(files: Record<string, { ids: string[]; browse?: boolean }>, closed: string[] = []) {
  const host: Pick<HostApi, 'openSession' | 'readSessionFrames' | 'closeSession'> = {
    openSession: (request) => {
      const path = 'path' in request ? request.path : '';
      const file = files[path];
      if (!file) return Promise.reject(new Error(`There is no file at ${path}.`));
      const title = path.split('/').pop() ?? path;
      return Promise.resolve(
        summary(`id:${path}`, { title, path, browse: file.browse, frameCount: file.ids.length }),
      );
    },
    readSessionFrames: ({ sessionId, from }) => {
      const ids = files[sessionId.slice(3)]?.ids ?? [];
      return Promise.resolve({ total: ids.length, frames: ids.slice(from).map(exchange) });
    },
    closeSession: ({ sessionId }) => {
      closed.push(sessionId);
      return Promise.resolve({ closed: true });
    },
  };
  return host;
}

describe('remembered tabs', () => {
  it('reads back what it wrote, in order', () => {
    const storage = memoryStorage();
    writeRememberedTabs(storage, [{ title: 'a', path: '/s/a.switchboard' }, { title: 'picked' }]);
    expect(readRememberedTabs(storage)).toEqual([
      { title: 'a', path: '/s/a.switchboard' },
      { title: 'picked' },
    ]);
  });

  it('reads nothing from nothing, broken JSON or a non-list, and skips entries of the wrong shape', () => {
    expect(readRememberedTabs(undefined)).toEqual([]);
    expect(readRememberedTabs(memoryStorage('{not json'))).toEqual([]);
    expect(readRememberedTabs(memoryStorage({ title: 'a' }))).toEqual([]);
    const mixed = [
      null,
      3,
      { title: '' },
      { title: 'x', path: 7 },
      { title: 'y', path: '' },
      { title: 'ok' },
    ];
    expect(readRememberedTabs(memoryStorage(mixed))).toEqual([{ title: 'ok' }]);
  });

  it(`keeps at most ${MAX_REMEMBERED_TABS} tabs, and a storage that refuses to write is not an error`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ title: `t${i}`, path: `/s/${i}` }));
    expect(readRememberedTabs(memoryStorage(many))).toHaveLength(MAX_REMEMBERED_TABS);
    const refusing: WindowStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeRememberedTabs(refusing, many)).not.toThrow();
  });
});

describe('restoring tabs after a reload', () => {
  it('writes nothing when nothing changed: no tab held in an empty storage, or the tabs already stored', async () => {
    for (const initial of [undefined, [{ title: 'gone', path: '/s/gone' }]]) {
      const storage = memoryStorage(initial);
      const writes: string[] = [];
      const counted: WindowStorage = { ...storage, setItem: (key, value) => void writes.push(value) };
      await restoreSideTabs(fakeHost({}), counted, createSideSessionsStore());
      expect(writes).toEqual([]);
    }
    // A change is still written.
    const storage = memoryStorage();
    const store = createSideSessionsStore();
    await restoreSideTabs(fakeHost({}), storage, store);
    store.getState().add(summary('b', { path: '/s/b.switchboard', title: 'b' }), [exchange('b1')]);
    expect(stored(storage)).toEqual([{ title: 'b', path: '/s/b.switchboard' }]);
  });

  it('opens the remembered files again; a gone or picked file is a tab saying why; live is shown', async () => {
    const store = createSideSessionsStore();
    const storage = memoryStorage([
      { title: 'a.switchboard', path: '/s/a.switchboard' },
      { title: 'gone.switchboard', path: '/s/gone.switchboard' },
      { title: 'picked.switchboard' },
    ]);
    await restoreSideTabs(fakeHost({ '/s/a.switchboard': { ids: ['f1', 'f2'] } }), storage, store);
    const state = store.getState();
    expect(state.opened.map((s) => s.session.title)).toEqual(['a.switchboard']);
    expect(state.opened[0]!.frames).toHaveLength(2);
    expect(state.missing.map((m) => m.title)).toEqual(['gone.switchboard', 'picked.switchboard']);
    expect(state.missing[0]!.problem).toBe(
      '/s/gone.switchboard could not be opened again: There is no file at /s/gone.switchboard.',
    );
    expect(state.missing[1]!.problem).toBe(PICKED_FILE_PROBLEM);
    expect(state.active).toBe(LIVE_TAB);
    expect(tabKeys(state)).toHaveLength(4);
    // Nothing is forgotten by restoring: the missing ones stay remembered until closed.
    expect(stored(storage)).toEqual([
      { title: 'a.switchboard', path: '/s/a.switchboard' },
      { title: 'gone.switchboard', path: '/s/gone.switchboard' },
      { title: 'picked.switchboard' },
    ]);
  });

  it('remembers tabs opened and closed after the start', async () => {
    const store = createSideSessionsStore();
    const storage = memoryStorage([{ title: 'gone', path: '/s/gone' }]);
    await restoreSideTabs(fakeHost({}), storage, store);
    store.getState().add(summary('b', { path: '/s/b.switchboard', title: 'b' }), [exchange('b1')]);
    expect(stored(storage)).toEqual([
      { title: 'b', path: '/s/b.switchboard' },
      { title: 'gone', path: '/s/gone' },
    ]);
    store.getState().close(store.getState().missing[0]!.key);
    store.getState().close('b');
    expect(stored(storage)).toEqual([]);
  });

  it('refuses a session too large to hold and lets the host drop it', async () => {
    const store = createSideSessionsStore();
    const closed: string[] = [];
    const host = fakeHost({ '/s/big': { ids: ['x'], browse: true } }, closed);
    await restoreSideTabs(host, memoryStorage([{ title: 'big', path: '/s/big' }]), store);
    expect(store.getState().opened).toEqual([]);
    expect(store.getState().missing[0]!.problem).toBe(
      '/s/big could not be opened again: it has 1 frames, too many to hold beside the live run',
    );
    expect(closed).toEqual(['id:/s/big']);
  });

  it('a file opened again from its path replaces the tab that said it was missing', () => {
    const store = createSideSessionsStore();
    store.getState().addMissing({ title: 'a', path: '/s/a' }, 'gone');
    store.getState().addMissing({ title: 'a', path: '/s/a' }, 'still gone');
    expect(store.getState().missing.map((m) => m.problem)).toEqual(['still gone']);
    store.getState().add(summary('a', { path: '/s/a' }), []);
    expect(store.getState().missing).toEqual([]);
    expect(rememberedTabsOf(store.getState())).toEqual([{ title: 'a', path: '/s/a' }]);
  });
});

describe('held sessions and moving between tabs', () => {
  it("gives each held session a view store of its own, with its frames and timeline, apart from the app's", () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('a'), [exchange('a1'), exchange('a2')]);
    const view = store.getState().opened[0]!.view.getState();
    expect(view.frames.map((f) => f.id)).toEqual(['a1', 'a2']);
    expect(view.timeline.entries.length).toBeGreaterThan(0);
    view.selectFrame('a2');
    expect(store.getState().opened[0]!.view.getState().selectedFrameId).toBe('a2');
  });

  it('shows a tab by place, steps round both ways, and will not pair a missing tab', () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('a'), []);
    store.getState().addMissing({ title: 'gone' }, 'gone');
    const missingKey = store.getState().missing[0]!.key;
    expect(tabKeys(store.getState())).toEqual([LIVE_TAB, 'a', missingKey]);
    store.getState().showAt(0);
    expect(store.getState().active).toBe(LIVE_TAB);
    store.getState().showAt(7);
    expect(store.getState().active).toBe(LIVE_TAB);
    store.getState().step(-1);
    expect(store.getState().active).toBe(missingKey);
    store.getState().step(1);
    expect(store.getState().active).toBe(LIVE_TAB);
    store.getState().step(1);
    expect(store.getState().active).toBe('a');
    store.getState().pick('b', missingKey);
    expect(store.getState().pair.b).toBe('a');
    store.getState().show(missingKey);
    store.getState().close(missingKey);
    expect(store.getState().active).toBe(LIVE_TAB);
  });

  it('maps Alt+Shift with arrows, digits and W to tab moves, and nothing else', () => {
    const press = (key: string, code: string, more: Partial<KeyPress> = {}): KeyPress => ({
      key,
      code,
      altKey: true,
      shiftKey: true,
      ctrlKey: false,
      metaKey: false,
      ...more,
    });
    expect(sideTabAction(press('ArrowRight', 'ArrowRight'))).toEqual({ kind: 'step', direction: 1 });
    expect(sideTabAction(press('ArrowLeft', 'ArrowLeft'))).toEqual({ kind: 'step', direction: -1 });
    expect(sideTabAction(press('@', 'Digit2'))).toEqual({ kind: 'at', index: 1 });
    expect(sideTabAction(press('W', 'KeyW'))).toEqual({ kind: 'close' });
    expect(sideTabAction(press('ArrowRight', 'ArrowRight', { shiftKey: false }))).toBeUndefined();
    expect(sideTabAction(press('ArrowRight', 'ArrowRight', { ctrlKey: true }))).toBeUndefined();
    expect(sideTabAction(press(')', 'Digit0'))).toBeUndefined();
  });
});

describe("the palette's tab commands", () => {
  afterEach(() => {
    for (const key of tabKeys(useSideSessions.getState())) useSideSessions.getState().close(key);
  });

  it('offers only "Open session beside…" with no tab open', () => {
    expect(
      sideTabCommands({ close: () => undefined, openBeside: () => undefined }).map((c) => c.label),
    ).toEqual(['Open session beside…']);
  });

  it('numbers the tabs with their keys, steps, compares and closes the side tab shown', () => {
    const closed: string[] = [];
    useSideSessions.getState().add(summary('run-a'), [exchange('a1')]);
    const commands = sideTabCommands({ close: (tab) => closed.push(tab), openBeside: () => undefined });
    expect(commands.map((c) => [c.label, c.hint ?? ''])).toEqual([
      ['Open session beside…', ''],
      ['Compare two runs…', ''],
      ['Switch to tab 1: Live', 'Alt+Shift+1'],
      ['Switch to tab 2: run-a', 'Alt+Shift+2'],
      ['Next tab', 'Alt+Shift+→'],
      ['Previous tab', 'Alt+Shift+←'],
      ['Close side tab: run-a', 'Alt+Shift+W'],
    ]);
    commands.find((c) => c.id === 'side:tab:1')!.run();
    expect(useSideSessions.getState().active).toBe(LIVE_TAB);
    commands.find((c) => c.id === 'side:close')!.run();
    expect(closed).toEqual(['run-a']);
  });

  it('compare pairs live with the side tab when A and B are the same run', () => {
    const store = createSideSessionsStore();
    store.getState().add(summary('run-a'), []);
    store.getState().pick('a', 'run-a');
    startCompare(store);
    expect(store.getState()).toMatchObject({ pair: { a: LIVE_TAB, b: 'run-a' }, comparing: true });
  });
});
