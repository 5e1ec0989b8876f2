// The agent library on disk keeps the sidebar's card path of each agent (CARD-1), so after a restart the library
// opens the agent again with the path it was first found by.

import { describe, expect, it } from 'vitest';
import { loadLibrary, saveLibrary } from '../../../../electron/host/library';
import { testTempDir } from '../../support/tempDir';

describe('library file', () => {
  it('keeps a saved card path across a save and a load', async () => {
    const dataDir = testTempDir('library-card-path');
    await saveLibrary(dataDir, [
      { url: 'https://a.example/cards/a', cardPath: 'cards/a', name: 'A' },
      { url: 'https://b.example/.well-known/agent-card.json', name: 'B' },
    ]);
    expect(await loadLibrary(dataDir)).toEqual({
      entries: [
        { url: 'https://a.example/cards/a', cardPath: 'cards/a', name: 'A' },
        { url: 'https://b.example/.well-known/agent-card.json', name: 'B' },
      ],
    });
  });
});
