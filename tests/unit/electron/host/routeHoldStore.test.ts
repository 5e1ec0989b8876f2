// Route-missing holds kept in the agent library (CARD-3): a hold found on a saved agent is written into its entry,
// read back by a new store (a restart), and cleared by each of the three events that lift it: the user sends anyway,
// a later call gets a real A2A answer, or the card changes. The renderer's saves neither drop nor plant holds.

import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { CardInterface } from '../../../../shared/a2a/detect';
import type { OperationOutcome } from '../../../../shared/host/agent';
import type { FrameA2A, HttpFrame } from '../../../../shared/wire/frame';
import type { AgentRecord } from '../../../../electron/host/agent/agentRecord';
import { heldSend, noteRouteMissing, persistHold, routeKey } from '../../../../electron/host/agent/routeHold';
import { loadLibrary, saveLibrary } from '../../../../electron/host/library';
import { cardSha256, libraryHoldStore } from '../../../../electron/host/routeHoldStore';
import { testTempDir } from '../../support/tempDir';

const CARD_URL = 'http://127.0.0.1:9/cards/my-agent';
const CARD = '{"name":"Tutorial REST agent","url":"http://127.0.0.1:9/api"}';
const CHOSEN = { generation: '0.1', bindingWire: 'JSONRPC', url: 'http://127.0.0.1:9/api' } as CardInterface;
const KEY = routeKey(CHOSEN);
const OUTCOME: OperationOutcome = { status: 'invalid', message: 'not JSON-RPC', findings: [] };

function frame(id: string, status: number, text: string, outcome: FrameA2A['outcome']): HttpFrame {
  return {
    kind: 'http',
    id,
    source: 'agent:send',
    timing: { start: 0 },
    request: { method: 'POST', url: CHOSEN.url, headers: [] },
    response: {
      status,
      statusText: status === 404 ? 'Not Found' : 'OK',
      httpVersion: '1.1',
      headers: [['content-type', 'application/json']],
      body: { base64: btoa(text), text, size: text.length, utf8Valid: true },
    },
    a2a: { agentId: 'a1', operation: 'send', generation: '0.1', binding: 'JSONRPC', outcome },
  };
}

const missing = (id: string) => frame(id, 404, '{"detail":"Not Found"}', 'invalid');
const answered = (id: string) => frame(id, 200, '{"jsonrpc":"2.0","id":1,"result":{}}', 'result');

/** A saved agent as a fresh host run opens it: holds restored from the library through a new store. */
async function openSaved(dataDir: string, cardText = CARD): Promise<AgentRecord> {
  const holdStore = libraryHoldStore(dataDir);
  const saved = await holdStore.load(CARD_URL, cardText);
  return {
    cardUrl: CARD_URL,
    cardText,
    holdStore,
    ...(saved.size > 0 ? { missingRoutes: saved } : {}),
  } as AgentRecord;
}

/** One send as the operation runner makes it: held or not, then noted and saved. */
async function send(agent: AgentRecord, answer: HttpFrame, anyway = false): Promise<OperationOutcome> {
  const before = agent.missingRoutes?.get(KEY);
  const held = heldSend(agent, KEY, anyway);
  if (held) return held;
  return persistHold(agent, KEY, before, noteRouteMissing(agent, KEY, answer, OUTCOME));
}

async function savedHolds(dataDir: string) {
  return (await loadLibrary(dataDir)).entries.find((entry) => entry.url === CARD_URL)?.routeHolds;
}

/** A data folder whose library holds the agent, with a hold found by a first run. */
async function heldInLibrary(): Promise<string> {
  const dataDir = testTempDir('route-hold');
  await saveLibrary(dataDir, [{ url: CARD_URL, name: 'Tutorial REST agent' }]);
  const first = await openSaved(dataDir);
  expect((await send(first, missing('f1'))).routeMissing).toEqual({ frameId: 'f1' });
  return dataDir;
}

describe('route holds in the agent library', () => {
  it('are written into the saved agent’s entry and survive a restart', async () => {
    const dataDir = await heldInLibrary();
    expect(await savedHolds(dataDir)).toEqual([
      {
        key: KEY,
        message: expect.stringContaining('POST /api answered 404'),
        frameId: 'f1',
        cardSha256: cardSha256(CARD),
      },
    ]);
    const next = await openSaved(dataDir);
    const refused = await send(next, answered('f2'));
    expect(refused).toMatchObject({ status: 'refused', routeMissing: { frameId: 'f1' } });
    expect(refused.message).toContain('Nothing was sent');
  });

  it('are cleared when the user sends anyway', async () => {
    const dataDir = await heldInLibrary();
    const next = await openSaved(dataDir);
    await send(next, answered('f2'), true);
    expect(await savedHolds(dataDir)).toBeUndefined();
    expect((await openSaved(dataDir)).missingRoutes).toBeUndefined();
  });

  it('are cleared when a later call gets a real A2A answer', async () => {
    const dataDir = await heldInLibrary();
    const agent = await openSaved(dataDir);
    // A call that went past the hold (a typed request the host identified as the operation) and got a result.
    const before = agent.missingRoutes?.get(KEY);
    await persistHold(agent, KEY, before, noteRouteMissing(agent, KEY, answered('f3'), OUTCOME));
    expect(agent.missingRoutes?.get(KEY)).toBeUndefined();
    expect(await savedHolds(dataDir)).toBeUndefined();
  });

  it('are dropped when the card changes', async () => {
    const dataDir = await heldInLibrary();
    const changed = await openSaved(dataDir, CARD.replace('Tutorial', 'Renamed'));
    expect(changed.missingRoutes).toBeUndefined();
    expect(await savedHolds(dataDir)).toBeUndefined();
  });

  it('stay when the renderer saves its list, and cannot be planted by it', async () => {
    const dataDir = await heldInLibrary();
    const planted = { key: 'x', message: 'forged', frameId: 'f9', cardSha256: cardSha256('other') };
    await saveLibrary(dataDir, [
      { url: CARD_URL, name: 'Tutorial REST agent', cardPath: 'cards/my-agent' },
      { url: 'http://127.0.0.1:9/other', routeHolds: [planted] },
    ]);
    expect((await savedHolds(dataDir))?.map((hold) => hold.frameId)).toEqual(['f1']);
    const other = (await loadLibrary(dataDir)).entries.find((entry) => entry.url.endsWith('/other'));
    expect(other?.routeHolds).toBeUndefined();
  });

  it('are kept for the run only when the agent is not in the library', async () => {
    const dataDir = testTempDir('route-hold-unsaved');
    const agent = await openSaved(dataDir);
    await send(agent, missing('f1'));
    expect(agent.missingRoutes?.get(KEY)?.frameId).toBe('f1');
    expect((await loadLibrary(dataDir)).entries).toEqual([]);
  });

  it('a library entry whose hold names no card sha256 is refused with a reason', async () => {
    const dataDir = testTempDir('route-hold-bad');
    const bad = { key: KEY, message: 'm', frameId: 'f1', cardSha256: 'nope' };
    const file = `${dataDir}/agents.json`;
    await writeFile(
      file,
      JSON.stringify({
        format: 'switchboard-agent-library',
        schemaVersion: 1,
        agents: [{ url: CARD_URL, routeHolds: [bad] }],
      }),
    );
    const loaded = await loadLibrary(dataDir);
    expect(loaded.entries).toEqual([]);
    expect(loaded.problem).toContain('A route hold names its card by a sha256 in hex.');
  });
});
