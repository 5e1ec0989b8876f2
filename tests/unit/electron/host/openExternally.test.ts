// "Open externally" for PDF parts (TL-4): the host writes the bytes under its own temp area with a name of its own,
// hands the path to the opener it was given, and refuses non-PDFs, files over the cap, hosts with no opener and
// arguments the schema does not allow, each with a message the UI can show.

import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHost } from '../../../../electron/host/createHost';
import { blobDirOf } from '../../../../electron/host/session/journal';
import { journalDir } from '../../../../electron/host/session/recording';
import { openExternally, type OpenExternallyDeps } from '../../../../electron/host/openExternally';
import {
  LIVE_SESSION_ID,
  type HostService,
  type OpenExternallyRequest,
} from '../../../../shared/host/hostApi';
import { connectInProcess } from '../../../../shared/host/inProcess';
import { hostArgSchemas } from '../../../../shared/host/schemas';
import { testTempDir } from '../../support/tempDir';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const SHA = 'a'.repeat(64);

function inline(bytes: Buffer, mediaType = 'application/pdf'): OpenExternallyRequest {
  return { mediaType, source: { base64: bytes.toString('base64') } } as OpenExternallyRequest;
}

function deps(overrides: Partial<OpenExternallyDeps> = {}): OpenExternallyDeps & { opened: string[] } {
  const opened: string[] = [];
  return {
    dir: path.join(testTempDir('switchboard-open-'), 'tmp', 'open'),
    opener: async (file) => {
      opened.push(file);
    },
    readStored: async () => {
      throw new Error('no stored bodies here');
    },
    opened,
    ...overrides,
  };
}

describe('openExternally', () => {
  it('writes the bytes under a generated .pdf name in its folder and hands that path to the opener', async () => {
    const d = deps();
    expect(await openExternally(d, inline(PDF))).toEqual({ size: PDF.length });
    expect(d.opened).toHaveLength(1);
    const file = d.opened[0]!;
    expect(path.dirname(file)).toBe(d.dir);
    expect(path.basename(file)).toMatch(/^switchboard-[0-9a-f]{24}\.pdf$/);
    expect(await readFile(file)).toEqual(PDF);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('gives every file a new name, so two opens never overwrite each other', async () => {
    const d = deps();
    await openExternally(d, inline(PDF));
    await openExternally(d, inline(PDF));
    expect(new Set(d.opened).size).toBe(2);
    expect(await readdir(d.dir)).toHaveLength(2);
  });

  it('refuses bytes that are not a PDF and writes nothing', async () => {
    const d = deps();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await expect(openExternally(d, inline(html))).rejects.toThrow(
      'These bytes are not a PDF (a PDF starts with "%PDF-"), so they are not handed to a viewer.',
    );
    expect(d.opened).toEqual([]);
    await expect(readdir(d.dir)).rejects.toThrow();
  });

  it('refuses a media type other than application/pdf', async () => {
    await expect(openExternally(deps(), inline(PDF, 'text/html'))).rejects.toThrow(
      'Only PDF files can be opened externally, not text/html.',
    );
  });

  it('refuses a file over the size limit', async () => {
    const d = deps({ maxBytes: 16 });
    await expect(openExternally(d, inline(PDF))).rejects.toThrow(
      `The PDF is ${PDF.length} bytes; at most 16 bytes are opened externally. Use Save instead.`,
    );
    expect(d.opened).toEqual([]);
  });

  it('refuses broken base64', async () => {
    const request = { mediaType: 'application/pdf', source: { base64: '%%%not base64' } } as const;
    await expect(openExternally(deps(), request)).rejects.toThrow('The file part is not valid base64.');
  });

  it('says so, without writing, when the edition has no opener', async () => {
    const d = deps({ opener: undefined });
    await expect(openExternally(d, inline(PDF))).rejects.toThrow(
      'This edition cannot hand files to another app. Use Save, then open the PDF with your own viewer.',
    );
    await expect(readdir(d.dir)).rejects.toThrow();
  });

  it("passes on the opener's failure and removes the file it wrote", async () => {
    const d = deps({
      opener: async () => {
        throw new Error('No application knows .pdf files.');
      },
    });
    await expect(openExternally(d, inline(PDF))).rejects.toThrow(
      'The PDF could not be opened: No application knows .pdf files.',
    );
    expect(await readdir(d.dir)).toEqual([]);
  });

  it('reads a stored part slice by slice, JSON escapes and all', async () => {
    // The stored characters are the JSON string's content as sent: base64 with its slashes escaped.
    const escaped = Buffer.from(PDF.toString('base64').replace(/\//g, '\\/'), 'latin1');
    const body = Buffer.concat([Buffer.from('{"raw":"'), escaped, Buffer.from('"}')]);
    const readStored = vi.fn(async ({ offset, length }: { offset: number; length: number }) => ({
      base64: body.subarray(offset, offset + length).toString('base64'),
    }));
    const d = deps({ readStored });
    const stored = { sessionId: LIVE_SESSION_ID, sha256: SHA, offset: 8, length: escaped.length };
    expect(await openExternally(d, { mediaType: 'application/pdf', source: { stored } })).toEqual({
      size: PDF.length,
    });
    expect(await readFile(d.opened[0]!)).toEqual(PDF);
    expect(readStored).toHaveBeenCalledWith({ ...stored, offset: 8, length: escaped.length });
  });

  it('refuses a stored part too large before reading any of it', async () => {
    const readStored = vi.fn();
    const d = deps({ maxBytes: 30, readStored });
    const stored = { sessionId: LIVE_SESSION_ID, sha256: SHA, offset: 0, length: 1000 };
    await expect(openExternally(d, { mediaType: 'application/pdf', source: { stored } })).rejects.toThrow(
      'at most 30 bytes are opened externally',
    );
    expect(readStored).not.toHaveBeenCalled();
  });

  it('removes its own files older than a day when it writes the next one, and nothing else', async () => {
    const d = deps();
    await openExternally(d, inline(PDF));
    const old = d.opened[0]!;
    const day = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(old, day, day);
    const other = path.join(d.dir, 'notes.txt');
    await writeFile(other, 'kept');
    await utimes(other, day, day);
    await openExternally(d, inline(PDF));
    expect((await readdir(d.dir)).sort()).toEqual([path.basename(d.opened[1]!), 'notes.txt'].sort());
  });
});

describe('the openExternally schema', () => {
  const check = (request: unknown) => {
    const result = hostArgSchemas.openExternally.safeParse([request]);
    return result.success ? 'ok' : result.error.issues.map((issue) => issue.message).join('; ');
  };
  const stored = { sessionId: LIVE_SESSION_ID, sha256: SHA, offset: 0, length: 100 };

  it('accepts inline base64 and a stored reference', () => {
    expect(check({ mediaType: 'application/pdf', source: { base64: 'JVBERi0=' } })).toBe('ok');
    expect(check({ mediaType: 'application/pdf', source: { stored } })).toBe('ok');
  });

  it('refuses an empty file, a stored part over the cap, a file name and unknown fields', () => {
    expect(check({ mediaType: 'application/pdf', source: { base64: '' } })).toContain('The file is empty.');
    expect(
      check({ mediaType: 'application/pdf', source: { stored: { ...stored, length: 2 ** 40 } } }),
    ).not.toBe('ok');
    expect(check({ mediaType: 'application/pdf', source: { base64: 'JVBERi0=' }, name: 'a.pdf' })).not.toBe(
      'ok',
    );
    expect(check({ mediaType: 'application/pdf', source: { base64: 'JVBERi0=', path: '/etc/x' } })).not.toBe(
      'ok',
    );
  });
});

describe('host.openExternally through the contract', () => {
  let service: HostService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  function connect(openFile?: (file: string) => Promise<void>) {
    const dataDir = testTempDir('switchboard-open-host-');
    service = createHost({ edition: 'test', appVersion: '0', dataDir, ...(openFile ? { openFile } : {}) });
    return { host: connectInProcess(service), dataDir };
  }

  it("writes into the data folder's tmp/open and calls the opener given to createHost", async () => {
    const openFile = vi.fn(async (_file: string) => {});
    const { host, dataDir } = connect(openFile);
    expect(await host.openExternally(inline(PDF))).toEqual({ size: PDF.length });
    const file = openFile.mock.calls[0]![0];
    expect(path.dirname(file)).toBe(path.join(dataDir, 'tmp', 'open'));
    expect(await readFile(file)).toEqual(PDF);
  });

  it('refuses, by schema, a media type that is not application/pdf', async () => {
    const openFile = vi.fn(async (_file: string) => {});
    const { host } = connect(openFile);
    await expect(host.openExternally(inline(PDF, 'text/html'))).rejects.toThrow(
      'Only PDF files (application/pdf) can be opened externally.',
    );
    expect(openFile).not.toHaveBeenCalled();
  });

  it('answers the no-opener message when createHost was given none', async () => {
    const { host } = connect();
    await expect(host.openExternally(inline(PDF))).rejects.toThrow(
      'This edition cannot hand files to another app.',
    );
  });

  it('refuses a stored reference to a body the session does not have', async () => {
    const { host } = connect(async () => {});
    const stored = { sessionId: LIVE_SESSION_ID, sha256: SHA, offset: 0, length: 100 };
    await expect(host.openExternally({ mediaType: 'application/pdf', source: { stored } })).rejects.toThrow(
      'no stored body with that sha256',
    );
  });

  it("opens a part kept on disk in the live run's store, read in several slices", async () => {
    const openFile = vi.fn(async (_file: string) => {});
    const dataDir = testTempDir('switchboard-open-stored-');
    service = createHost({ edition: 'test', appVersion: '0', dataDir, record: true, openFile });
    const host = connectInProcess(service);
    // 7 MiB of PDF: over 9 MiB of escaped base64, so more than one 8 MiB slice.
    const pdf = Buffer.concat([PDF, Buffer.alloc(7 * 1024 * 1024, 0x2f)]);
    const escaped = Buffer.from(pdf.toString('base64').replace(/\//g, '\\/'), 'latin1');
    const body = Buffer.concat([Buffer.from('{"raw":"'), escaped, Buffer.from('"}')]);
    const sha256 = createHash('sha256').update(body).digest('hex');
    // The live store is the journal's blob folder; the journal is named once its lock file is written.
    const lock = await vi.waitFor(async () => {
      const found = (await readdir(journalDir(dataDir))).find((name) => name.endsWith('.lock'));
      if (!found) throw new Error('no journal yet');
      return found;
    });
    const blobs = blobDirOf(path.join(journalDir(dataDir), lock.slice(0, -'.lock'.length)));
    await mkdir(blobs, { recursive: true });
    await writeFile(path.join(blobs, sha256), body);
    const stored = { sessionId: LIVE_SESSION_ID, sha256, offset: 8, length: escaped.length };
    expect(await host.openExternally({ mediaType: 'application/pdf', source: { stored } })).toEqual({
      size: pdf.length,
    });
    expect((await readFile(openFile.mock.calls[0]![0])).equals(pdf)).toBe(true);
  });
});
