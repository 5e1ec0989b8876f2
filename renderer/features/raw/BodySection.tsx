// The editor's body (MSG-8): typed as text (JSON checked, with A2A example bodies offered where the URL or the
// JSON-RPC method is an A2A operation), edited as form fields, or loaded from a text file. Choosing a form or a file
// adds the matching Content-Type when none is set; a file that is not UTF-8 text is refused in words.

import { useState } from 'react';
import { BodyHelp } from './BodyHelp';
import { FormBody } from './FormBody';
import type { RawDraft } from './rawDraft';

type Mode = 'text' | 'form';

function contentTypeOf(draft: RawDraft): string | undefined {
  return draft.headers.find((h) => h.name.trim().toLowerCase() === 'content-type')?.value;
}

export function BodySection({
  draft,
  update,
  insertTemplate,
}: {
  draft: RawDraft;
  update: (change: Partial<RawDraft>) => void;
  insertTemplate: (() => void) | undefined;
}) {
  const [mode, setMode] = useState<Mode>('text');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const withType = (type: string): Partial<RawDraft> =>
    contentTypeOf(draft) === undefined
      ? { headers: [...draft.headers, { name: 'Content-Type', value: type }] }
      : {};

  const loadFile = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      setFileProblem(null);
      setMode('text');
      update({ body: text, ...withType(file.type || 'application/octet-stream') });
    } catch {
      setFileProblem(`${file.name} is not UTF-8 text; the editor sends text bodies only.`);
    }
  };

  return (
    <>
      <div className="raw-body-head">
        <label htmlFor="raw-body">Body</label>
        <select
          aria-label="Body as"
          value={mode}
          onChange={(event) => {
            const next = event.target.value as Mode;
            setMode(next);
            if (next === 'form') update(withType('application/x-www-form-urlencoded'));
          }}
          data-testid="raw-body-mode"
        >
          <option value="text">Text or JSON</option>
          <option value="form">Form fields</option>
        </select>
        <input
          type="file"
          aria-label="Load the body from a file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void loadFile(file);
            event.target.value = '';
          }}
          data-testid="raw-body-file"
        />
        {insertTemplate && (
          <button type="button" onClick={insertTemplate} data-testid="raw-template">
            JSON-RPC template
          </button>
        )}
      </div>
      {fileProblem && (
        <p className="raw-outcome error" role="alert" data-testid="raw-body-file-problem">
          {fileProblem}
        </p>
      )}
      {mode === 'form' ? (
        <FormBody body={draft.body} onBody={(body) => update({ body })} />
      ) : (
        <textarea
          id="raw-body"
          className="raw-body"
          spellCheck={false}
          value={draft.body}
          onChange={(event) => update({ body: event.target.value })}
          rows={12}
          data-testid="raw-body"
        />
      )}
      <BodyHelp
        method={draft.method}
        url={draft.url}
        body={draft.body}
        contentType={contentTypeOf(draft)}
        onInsert={(body) => update({ body, ...withType('application/json') })}
      />
    </>
  );
}
