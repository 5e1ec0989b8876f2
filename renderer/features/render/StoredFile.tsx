// A file part too large to keep in memory (SEC-4): the host stored its bytes on disk, so the part shows its size and
// loads them only on a click, with progress and Cancel (UX-5); once loaded they go through the same safe viewers as
// inline bytes.

import type { StoredString } from '../../../shared/wire/storedString';
import { FileBody } from './FileBody';
import { formatSize, mediaKindOf } from './media';
import { PdfActions } from './PdfActions';
import { base64Size } from './storedBytes';
import { useStoredLoad } from './useStoredLoad';
import { StoredLoadStatus } from './StoredLoadStatus';

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
      <StoredLoadStatus
        view={
          state.status === 'loading'
            ? {
                status: 'loading',
                done: base64Size(state.read),
                total: base64Size(state.total),
                startedAt: state.startedAt,
              }
            : state.status === 'cancelled' || state.status === 'failed'
              ? state
              : { status: 'other' }
        }
        label={`Loading ${size} from disk`}
        testIdPrefix="stored"
        onCancel={cancel}
      />
    </span>
  );
}
