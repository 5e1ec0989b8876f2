// ACTS files of the user's own for `check --acts-file F` (ACTS §12.1: a runner accepts ACTS YAML files or the same
// as JSON). The first file is where the run starts; every `include` is read from beside the file that names it. Files
// are parsed as YAML 1.2 (which reads JSON too); a file that cannot be read or parsed is a usage error that says so.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export type ActsFiles =
  { ok: true; files: Record<string, unknown>; entry: string } | { ok: false; message: string };

/** At most this many files in one run, includes included: a loop of includes stops here. */
const MAX_FILES = 200;

export async function readActsFiles(paths: readonly string[]): Promise<ActsFiles> {
  const files: Record<string, unknown> = {};
  const first = paths[0];
  if (first === undefined) return { ok: false, message: '--acts-file needs a file.' };
  // Names are the paths as given for the command line's files, and as written for includes (what `include` says).
  const queue: Array<{ name: string; file: string }> = paths.map((file) => ({ name: file, file }));
  // Every file named on the command line joins the run: the first includes them, as a master file would.
  const extra = paths.slice(1);
  while (queue.length > 0) {
    const { name, file } = queue.shift()!;
    if (Object.hasOwn(files, name)) continue;
    if (Object.keys(files).length >= MAX_FILES)
      return { ok: false, message: `More than ${MAX_FILES} ACTS files: is there a loop of includes?` };
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      return { ok: false, message: `${file} cannot be read: ${(error as Error).message}` };
    }
    let doc: unknown;
    try {
      doc = parse(text, { version: '1.2', maxAliasCount: 100 });
    } catch (error) {
      return { ok: false, message: `${file} is neither YAML nor JSON: ${(error as Error).message}` };
    }
    files[name] = doc;
    const includes =
      typeof doc === 'object' && doc !== null ? (doc as { include?: unknown }).include : undefined;
    if (Array.isArray(includes)) {
      for (const include of includes)
        if (typeof include === 'string')
          queue.push({ name: include, file: path.join(path.dirname(file), include) });
    }
  }
  if (extra.length > 0) {
    const entry = files[first];
    if (typeof entry === 'object' && entry !== null) {
      const own = (entry as { include?: unknown }).include;
      files[first] = { ...entry, include: [...(Array.isArray(own) ? own : []), ...extra] };
    }
  }
  return { ok: true, files, entry: first };
}
