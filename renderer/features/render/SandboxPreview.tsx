// HTML and SVG from an agent, shown only on request and only inside `<iframe sandbox="" srcdoc=…>` (SEC-3): an
// opaque origin with no scripts, forms, popups or navigation of the app (see sandboxDocument.ts for why srcdoc).

import { useMemo, useState } from 'react';
import { bytesToText } from './media';
import { bytesToBase64, htmlPreviewDocument, svgPreviewDocument } from './sandboxDocument';

export function SandboxPreview({
  kind,
  bytes,
  name,
}: {
  kind: 'html' | 'svg';
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const srcdoc = useMemo(() => {
    if (!open) return '';
    return kind === 'html'
      ? htmlPreviewDocument(bytesToText(bytes))
      : svgPreviewDocument(bytesToBase64(bytes), name);
  }, [open, kind, bytes, name]);
  const label = kind === 'html' ? 'HTML' : 'SVG';

  if (!open) {
    return (
      <button
        type="button"
        className="render-action"
        data-testid="open-preview"
        onClick={() => setOpen(true)}
      >
        Preview {label} in a sandbox
      </button>
    );
  }
  return (
    <div className="sandbox-preview">
      <div className="sandbox-bar">
        <span className="muted">Sandboxed preview: no scripts, no network, no access to Switchboard.</span>
        <button type="button" className="render-action" onClick={() => setOpen(false)}>
          Close preview
        </button>
      </div>
      <iframe
        sandbox=""
        srcDoc={srcdoc}
        referrerPolicy="no-referrer"
        title={`Sandboxed preview of ${name}`}
        data-testid="sandbox-preview"
      />
    </div>
  );
}
