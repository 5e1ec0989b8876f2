// "Copy as …" (MSG-8): the draft as cURL, fetch, HTTPie or Python requests, shown as text to select and with a copy
// button. Secret headers and typed credentials are redacted unless the user asks for them.

import { useState } from 'react';
import { exportDraft, exportFormats, exportLabels, type ExportFormat } from './editorRequest';
import type { RawDraft } from './rawDraft';

export function CopyAsPanel({ draft }: { draft: RawDraft }) {
  const [format, setFormat] = useState<ExportFormat | ''>('');
  const [withSecrets, setWithSecrets] = useState(false);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = format === '' ? '' : exportDraft(draft, format, withSecrets);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="raw-copy-as">
      <select
        aria-label="Copy as"
        value={format}
        onChange={(event) => {
          setFormat(event.target.value as ExportFormat | '');
          setCopied('idle');
        }}
        data-testid="raw-copy-as"
      >
        <option value="">Copy as …</option>
        {exportFormats.map((f) => (
          <option key={f} value={f}>
            {exportLabels[f]}
          </option>
        ))}
      </select>
      {format !== '' && (
        <>
          <label>
            <input
              type="checkbox"
              checked={withSecrets}
              onChange={(event) => setWithSecrets(event.target.checked)}
              data-testid="raw-copy-secrets"
            />
            include secrets
          </label>
          <button type="button" onClick={() => void copy()} data-testid="raw-copy">
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Select to copy' : 'Copy'}
          </button>
          <pre className="raw-export" data-testid="raw-export">
            {text}
          </pre>
        </>
      )}
    </div>
  );
}
