// The editor's body (MSG-8): typed as text (JSON checked, with A2A example bodies offered where the URL or the
// JSON-RPC method is an A2A operation), edited as form fields, or loaded from a file: a text file into the text, any
// other file kept as its exact bytes. Choosing a form or a file adds the matching Content-Type when none is set.

import { useState } from 'react';
import { bytesToBase64 } from '../../../shared/session/byteText';
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
  const withType = (type: string): Partial<RawDraft> =>
    contentTypeOf(draft) === undefined
      ? { headers: [...draft.headers, { name: 'Content-Type', value: type }] }
      : {};

  const loadFile = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = withType(file.type || 'application/octet-stream');
    setMode('text');
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      update({ body: text, bodyFile: undefined, ...type });
    } catch {
      // Not text: kept as its bytes, sent exactly, and shown by name rather than as garbled text.
      update({
        body: '',
        bodyFile: { name: file.name, base64: bytesToBase64(bytes), size: bytes.length },
        ...type,
      });
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
      {draft.bodyFile ? (
        <p className="muted" data-testid="raw-body-file-name">
          The body is the file <code>{draft.bodyFile.name}</code> ({draft.bodyFile.size} bytes, not text),
          sent as its exact bytes.{' '}
          <button
            type="button"
            onClick={() => update({ bodyFile: undefined })}
            data-testid="raw-body-file-remove"
          >
            Remove
          </button>
        </p>
      ) : mode === 'form' ? (
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
      {!draft.bodyFile && (
        <BodyHelp
          method={draft.method}
          url={draft.url}
          body={draft.body}
          contentType={contentTypeOf(draft)}
          onInsert={(body) => update({ body, ...withType('application/json') })}
        />
      )}
    </>
  );
}
