// Copy as … (FRM-5, MSG-8): a frame's request as cURL, fetch, HTTPie or Python requests, the same exports as the
// request editor. The code is shown as text, so it can be read and selected even where the clipboard is refused, and
// copied in one click. Secrets stay redacted unless the user ticks the box for this frame.

import { useMemo, useState } from 'react';
import {
  requestAsCode,
  requestCodeFormats,
  requestCodeLabels,
  type RequestCodeFormat,
} from '../../../shared/wire/requestExport';
import type { HttpFrame } from '../../../shared/wire/frame';

export function CurlPanel({ frame }: { frame: HttpFrame }) {
  const secrets = frame.secrets;
  const [format, setFormat] = useState<RequestCodeFormat>('curl');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const command = useMemo(
    () => requestAsCode(frame.request, format, { redact: includeSecrets ? false : (secrets ?? []) }),
    [frame.request, format, includeSecrets, secrets],
  );
  const copy = () => {
    navigator.clipboard
      ?.writeText(command)
      .then(() => setCopied('Copied'))
      .catch(() => setCopied('The clipboard refused; select the code instead'));
  };
  return (
    <section className="curl-panel" aria-label="Request as code" data-testid="curl-panel">
      <div className="body-toolbar">
        <select
          aria-label="Copy the request as"
          value={format}
          onChange={(event) => {
            setFormat(event.target.value as RequestCodeFormat);
            setCopied(null);
          }}
          data-testid="copy-format"
        >
          {requestCodeFormats.map((one) => (
            <option key={one} value={one}>
              {requestCodeLabels[one]}
            </option>
          ))}
        </select>
        <button type="button" onClick={copy} data-testid="copy-curl">
          Copy
        </button>
        {secrets && secrets.length > 0 && (
          <label>
            <input
              type="checkbox"
              checked={includeSecrets}
              onChange={(event) => setIncludeSecrets(event.target.checked)}
              data-testid="curl-include-secrets"
            />{' '}
            Include secrets
          </label>
        )}
        {copied && (
          <span className="muted" role="status">
            {copied}
          </span>
        )}
      </div>
      <pre className="curl-text" data-testid="curl-text">
        {command}
      </pre>
    </section>
  );
}
