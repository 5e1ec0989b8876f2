// What a PDF part offers (TL-4, SEC-3): no preview inside the window (its CSP allows no frame or plugin), but an
// "Open externally" button that has the host hand the file to the OS's PDF viewer, and what came of it.

import { useMemo } from 'react';
import type { StoredString } from '../../../shared/wire/storedString';
import { formatSize } from './media';
import { useOpenExternally, type PdfSource } from './useOpenExternally';

export function PdfActions({ bytes, stored }: { bytes?: Uint8Array; stored?: StoredString }) {
  const source = useMemo<PdfSource | undefined>(
    () => (bytes ? { kind: 'bytes', bytes } : stored ? { kind: 'stored', stored } : undefined),
    [bytes, stored],
  );
  if (!source) return null;
  return <PdfOpen source={source} />;
}

function PdfOpen({ source }: { source: PdfSource }) {
  const { state, open } = useOpenExternally(source);
  return (
    <span className="file-actions" data-testid="pdf-actions">
      <span className="muted">
        PDFs are not previewed in the window: its security policy allows no PDF viewer. Open the file in your
        system’s viewer, or save it.
      </span>
      <button
        type="button"
        className="render-action"
        data-testid="open-externally"
        disabled={state.status === 'opening'}
        onClick={open}
      >
        {state.status === 'opening' ? 'Opening…' : 'Open externally'}
      </button>
      {state.status === 'opened' && (
        <span className="muted" role="status" data-testid="open-externally-status">
          Handed {formatSize(state.size)} to your PDF viewer.
        </span>
      )}
      {state.status === 'failed' && (
        <span className="render-error" role="alert" data-testid="open-externally-error">
          {state.message}
        </span>
      )}
    </span>
  );
}
