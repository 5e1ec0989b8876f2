// A file part too large to keep in memory (SEC-4): the host stored its bytes on disk, so the part shows its size and
// loads them only on a click, with progress and Cancel (UX-5); once loaded they go through the same safe viewers as inline bytes.

import type { StoredString } from '../../../shared/wire/storedString';
import { FileBody } from './FileBody';
import { formatSize, mediaKindOf } from './media';
import { PdfActions } from './PdfActions';
import { base64Size } from './storedBytes';
import { useStoredLoad } from './useStoredLoad';
import { ProgressNotice } from '../../ui/ProgressNotice';

export function StoredFile({ stored, type, name }: { stored: StoredString; type: string; name: string }) {
  const { state, load, cancel } = useStoredLoad(stored);
  if (state.status === 'loaded') return <FileBody bytes={state.bytes} type={type} name={name} />;
  const size = formatSize(base64Size(stored.length));
  return (
    <span className="remote-load" data-testid="stored-file">
      {/* A PDF opens externally straight from the disk: the host reads the stored bytes itself. */}
      {mediaKindOf(type) === 'pdf' && <PdfActions stored={stored} />}
      <button
        type="button"
        className="render-action"
        data-testid="load-stored"
        disabled={state.status === 'loading'}
        onClick={load}
      >
        {state.status === 'loading'
          ? `Loading ${formatSize(base64Size(state.read))} of ${size}…`
          : state.status === 'failed'
            ? `Try again: load ${size} from disk`
            : `Load ${size} kept on disk`}
      </button>
      {state.status === 'loading' && (
        <ProgressNotice
          testId="stored-progress"
          label={`Loading ${size} from disk`}
          done={base64Size(state.read)}
          total={base64Size(state.total)}
          unit="bytes"
          startedAt={state.startedAt}
          onCancel={cancel}
        />
      )}
      {state.status === 'cancelled' && (
        <span className="muted" role="status" data-testid="stored-cancelled">
          Loading was cancelled; nothing was kept.
        </span>
      )}
      {state.status === 'failed' && (
        <span className="render-error" role="alert" data-testid="stored-error">
          {state.message}
        </span>
      )}
    </span>
  );
}
