// The agent library's list rules: one entry per URL, merge on import, clear refusals for files that are not one.

import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, type AgentSummary } from '../../../../../shared/host/agent';
import {
  entryFor,
  exportLibrary,
  importLibrary,
  removeEntry,
  upsertEntry,
} from '../../../../../renderer/features/agents/libraryEntries';

describe('library entries', () => {
  it("keep an opened agent's connection settings (NET-1), the passphrase only as the placeholder", () => {
    const connection = {
      acceptFingerprint: 'AB:'.repeat(31) + 'AB',
      pfx: 'client.p12',
      passphrase: SECRET_PLACEHOLDER,
    };
    // Only what entryFor reads; the rest of a summary does not bear on the entry.
    const agent = {
      cardUrl: 'https://a.example/.well-known/agent-card.json',
      cardText: '{"name":"A"}',
      settings: { selection: {}, auth: { type: 'none' }, headers: [], extensions: [], connection },
    } as unknown as AgentSummary;
    expect(entryFor(agent)?.settings?.connection).toEqual(connection);
    const plain = { ...agent, settings: { ...agent.settings, connection: undefined } } as AgentSummary;
    expect(entryFor(plain)?.settings).not.toHaveProperty('connection');
  });

  it('save the card path an agent was opened with (CARD-1), and keep it through a settings change', () => {
    const agent = {
      cardUrl: 'https://a.example/cards/a',
      cardText: '{"name":"A"}',
      settings: { selection: {}, auth: { type: 'none' }, headers: [], extensions: [] },
    } as unknown as AgentSummary;
    const opened = entryFor(agent, ' cards/a ');
    expect(opened?.cardPath).toBe('cards/a');
    expect(entryFor(agent, '   ')).not.toHaveProperty('cardPath');
    expect(entryFor(agent)).not.toHaveProperty('cardPath');
    // The settings dialog saves the agent again without knowing the path: the saved one stays.
    const saved = upsertEntry(upsertEntry([], opened!), entryFor(agent)!);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.cardPath).toBe('cards/a');
    // Opened again with another path, the new one wins; and it survives the library file (restart, export).
    const changed = upsertEntry(saved, entryFor(agent, 'cards/b')!);
    expect(changed[0]?.cardPath).toBe('cards/b');
    const restored = importLibrary([], exportLibrary(changed));
    expect(restored.ok && restored.entries[0]?.cardPath).toBe('cards/b');
  });

  it('keeps one entry per URL, in order', () => {
    let entries = upsertEntry([], { url: 'http://a/', name: 'A' });
    entries = upsertEntry(entries, { url: 'http://b/', name: 'B' });
    entries = upsertEntry(entries, { url: 'http://a/', name: 'A2' });
    expect(entries).toEqual([
      { url: 'http://a/', name: 'A2' },
      { url: 'http://b/', name: 'B' },
    ]);
    expect(removeEntry(entries, 'http://a/')).toEqual([{ url: 'http://b/', name: 'B' }]);
  });

  it('round-trips an export and merges an import by URL', () => {
    const text = exportLibrary([{ url: 'http://a/', name: 'A' }, { url: 'http://b/' }]);
    expect(importLibrary([{ url: 'http://a/', name: 'old' }], text)).toEqual({
      ok: true,
      added: 1,
      entries: [{ url: 'http://a/', name: 'A' }, { url: 'http://b/' }],
    });
  });

  it('refuses what is not a library, saying why', () => {
    expect(importLibrary([], 'nope')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The file is not JSON/),
    });
    expect(importLibrary([], '{"format":"x"}')).toEqual({
      ok: false,
      message: 'The file is not an agent library: This is not a Switchboard agent library.',
    });
    expect(
      importLibrary(
        [],
        JSON.stringify({ format: 'switchboard-agent-library', schemaVersion: 2, agents: [] }),
      ),
    ).toEqual({
      ok: false,
      message: 'The file is not an agent library: This agent library was written by a newer Switchboard.',
    });
  });
});
