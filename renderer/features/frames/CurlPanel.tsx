// Copy as cURL (FRM-5): the command is shown as text, so it can be read and selected even where the clipboard is
// refused, and copied in one click. Secrets stay redacted unless the user ticks the box for this frame.

import { useMemo, useState } from 'react';
import { toCurl } from '../../../shared/wire/curl';
import type { HttpFrame } from '../../../shared/wire/frame';

export function CurlPanel({ frame }: { frame: HttpFrame }) {
  const secrets = frame.secrets;
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const command = useMemo(
    () => toCurl(frame.request, { redact: includeSecrets ? false : (secrets ?? []) }),
    [frame.request, includeSecrets, secrets],
  );
  const copy = () => {
    navigator.clipboard
      ?.writeText(command)
      .then(() => setCopied('Copied'))
      .catch(() => setCopied('The clipboard refused; select the command instead'));
  };
  return (
    <section className="curl-panel" aria-label="cURL command" data-testid="curl-panel">
      <div className="body-toolbar">
        <button type="button" onClick={copy} data-testid="copy-curl">
          Copy command
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
