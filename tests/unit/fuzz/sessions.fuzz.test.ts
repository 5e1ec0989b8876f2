// Fuzzing what opens a file someone else saved (SEC-3): the session file loader, the HAR importer and the journal
// reader, from mutated real recordings. A bad file is refused with a SessionFileError whose message says why, or
// opens with notices about what was skipped; nothing else may escape, and what opens is frames the app can hold.

import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import {
  readSessionPath,
  readSessionText,
  SessionFileError,
  type LoadedSession,
} from '../../../electron/host/session/sessionFiles';
import { harToFrames } from '../../../shared/session/harImport';
import { expectPortable } from './findings';
import { expectRefusal, fuzz, fuzzAsync } from './fuzzKit';
import { hostileValue, jsonInput, jsonText, mutated } from './jsonMutations';
import { harSeeds, journalLineSeeds, sessionFileSeeds } from './sessionSeeds';

function expectOpened(loaded: LoadedSession): void {
  if (!Array.isArray(loaded.frames)) throw new Error('no frame list');
  for (const notice of loaded.notices)
    if (typeof notice !== 'string' || notice.trim() === '') throw new Error('an empty notice');
  expectPortable({ ...loaded, stored: undefined });
}

/** Opens text as a file named `name` would be: refused with its reason, or opened whole. */
function openOrRefuse(text: string, name: string): void {
  let loaded: LoadedSession;
  try {
    loaded = readSessionText(text, name);
  } catch (error) {
    expectRefusal(error, [SessionFileError]);
    return;
  }
  expectOpened(loaded);
}

fuzz('session files', jsonText(sessionFileSeeds), (text) => openOrRefuse(text, 'fuzz.switchboard'));

fuzz('HAR files, through the loader', jsonText(harSeeds), (text) => openOrRefuse(text, 'fuzz.har'));

// The importer itself refuses a file that is no HAR with a plain Error (the loader words it); anything else is a bug.
fuzz('HAR import', jsonInput(harSeeds), (value) => {
  try {
    const imported = harToFrames(value);
    expectPortable(imported);
  } catch (error) {
    expectRefusal(error, [Error]);
  }
});

const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-fuzz-journal-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** Journal lines: real records mutated, some not JSON, and now and then a line cut off at the end. */
const journal = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 6, arbitrary: mutated(journalLineSeeds, 3).map((value) => JSON.stringify(value)) },
        { weight: 2, arbitrary: fc.constantFrom(...journalLineSeeds).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? '') },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      ),
      { maxLength: 12 },
    ),
    fc.boolean(),
  )
  .map(([lines, torn]) => {
    const text = lines.map((line) => `${line}\n`).join('');
    return torn && text.length > 2 ? text.slice(0, -2) : text;
  });

fuzzAsync('journals', journal, async (text) => {
  const file = path.join(folder, `run-${files++}.ndjson`);
  // A journal is told apart by its first line; most inputs start with the header so they are read as journals.
  writeFileSync(
    file,
    text.startsWith('{"kind":"journal"') ? text : `${JSON.stringify(journalLineSeeds[0])}\n${text}`,
  );
  try {
    expectOpened(await readSessionPath(file));
  } catch (error) {
    expectRefusal(error, [SessionFileError]);
  } finally {
    rmSync(file, { force: true });
  }
});
