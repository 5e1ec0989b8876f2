// "Open externally" for a PDF file part (TL-4, SEC-3): the renderer cannot preview a PDF (its CSP allows no frame and
// no plugin), so the host writes the part's bytes to a file of its own naming under the data folder's temp area and
// hands that path to the edition's opener (Electron's shell.openPath, or the OS opener in the browser edition). The
// file name never comes from the agent, and bytes that are not a PDF are refused before anything is written.

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  base64Chars,
  OPEN_EXTERNALLY_MAX_BYTES,
  type OpenExternallyRequest,
  type OpenExternallyResult,
} from '../../shared/host/hostApi';
import { STORED_READ_MAX_BYTES } from '../../shared/wire/storedString';

/** Hands a file the host wrote to the app the OS chooses for it; rejects with a message the user can act on. */
export type FileOpener = (file: string) => Promise<void>;

/** Files older than this are removed from the temp area when the next one is written: the viewer has long read them. */
const KEEP_OPENED_MS = 24 * 60 * 60 * 1000;

const PDF_MAGIC = '%PDF-';

export interface OpenExternallyDeps {
  /** The folder the files are written to (the data folder's tmp/open). */
  dir: string;
  opener: FileOpener | undefined;
  /** Reads a slice of a stored body, as `readStoredBytes` does for the renderer. */
  readStored: (request: {
    sessionId: string;
    sha256: string;
    offset: number;
    length: number;
  }) => Promise<{ base64: string }>;
  maxBytes?: number;
  now?: () => number;
}

export async function openExternally(
  deps: OpenExternallyDeps,
  request: OpenExternallyRequest,
): Promise<OpenExternallyResult> {
  const opener = deps.opener;
  if (!opener) {
    throw new Error(
      'This edition cannot hand files to another app. Use Save, then open the PDF with your own viewer.',
    );
  }
  if (request.mediaType !== 'application/pdf') {
    throw new Error(`Only PDF files can be opened externally, not ${request.mediaType}.`);
  }
  const maxBytes = deps.maxBytes ?? OPEN_EXTERNALLY_MAX_BYTES;
  const bytes = await partBytes(deps, request, maxBytes);
  if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
  if (bytes.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
    throw new Error(
      'These bytes are not a PDF (a PDF starts with "%PDF-"), so they are not handed to a viewer.',
    );
  }
  await mkdir(deps.dir, { recursive: true, mode: 0o700 });
  await pruneOldFiles(deps.dir, (deps.now ?? Date.now)() - KEEP_OPENED_MS);
  // A name of the host's own: nothing the agent chose reaches the file system or the opener's argument.
  const file = path.resolve(deps.dir, `switchboard-${randomBytes(12).toString('hex')}.pdf`);
  await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  try {
    await opener(file);
  } catch (error) {
    await rm(file, { force: true });
    throw new Error(
      `The PDF could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return { size: bytes.length };
}

function tooLarge(size: number, maxBytes: number): Error {
  return new Error(
    `The PDF is ${size} bytes; at most ${maxBytes} bytes are opened externally. Use Save instead.`,
  );
}

/** The part's bytes: inline base64, or read from the stored body its placeholder points at (SEC-4). */
async function partBytes(deps: OpenExternallyDeps, request: OpenExternallyRequest, maxBytes: number) {
  if ('base64' in request.source) return strictBase64(request.source.base64);
  const stored = request.source.stored;
  // Checked before reading: escapes (`\/`) may at most double the characters of the base64.
  if (stored.length > 2 * base64Chars(maxBytes))
    throw tooLarge(Math.floor((stored.length * 3) / 4), maxBytes);
  const slices: Buffer[] = [];
  for (let read = 0; read < stored.length;) {
    const length = Math.min(STORED_READ_MAX_BYTES, stored.length - read);
    const slice = Buffer.from(
      (await deps.readStored({ ...stored, offset: stored.offset + read, length })).base64,
      'base64',
    );
    if (slice.length === 0) throw new Error('The stored body ended before the file part did.');
    slices.push(slice);
    read += slice.length;
  }
  let text = Buffer.concat(slices).toString('latin1');
  // The stored characters are the JSON string's content as the agent sent it, escapes included (`\/`, `\n`).
  if (text.includes('\\')) {
    try {
      text = JSON.parse(`"${text}"`) as string;
    } catch (error) {
      throw new Error('The stored file part is not a valid JSON string.', { cause: error });
    }
  }
  return strictBase64(text);
}

/** Standard or URL-safe base64, white space ignored; anything else is refused rather than half-decoded. */
function strictBase64(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) {
    throw new Error('The file part is not valid base64.');
  }
  // Node's base64 decoder reads the URL-safe alphabet too.
  return Buffer.from(clean, 'base64');
}

/** Best effort: a file still open in a viewer may refuse to go (Windows), and is tried again next time. */
async function pruneOldFiles(dir: string, before: number): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^switchboard-[0-9a-f]{24}\.pdf$/.test(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) await rm(file, { force: true }).catch(() => undefined);
  }
}
