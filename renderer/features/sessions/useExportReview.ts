// The export dialog's state (SES-5, SES-6): the format, whether to redact, and the file the host builds for that
// choice, built again whenever the choice changes so what the dialog lists is what will be downloaded. Turning
// redaction off waits for a clear yes; downloading says in the session notes what was written.

import { useEffect, useMemo, useState } from 'react';
import type { ExportFormat } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { startCancellable, type CancellableOp } from '../../ui/cancellableOp';
import { downloadText } from '../../ui/fileText';
import { formatBytes } from '../../ui/frameFormat';
import { plural } from './sessionText';
import { useExportSession } from './useSessionActions';

export function useExportReview(initialFormat: ExportFormat, onDone: () => void) {
  const [format, setFormat] = useState<ExportFormat>(initialFormat);
  const [redact, setRedact] = useState(true);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const exported = useExportSession();
  const notify = useAppStore((state) => state.notifySession);
  const replayTitle = useAppStore((state) => state.replay?.session.title);
  const { mutate } = exported;
  const host = useHost();
  const [op, setOp] = useState<CancellableOp | null>(null);
  useEffect(() => {
    const next = startCancellable(host);
    setOp(next);
    mutate({ format, redact, opId: next.opId });
  }, [mutate, host, format, redact]);
  /** Cancel stops the host building the file and closes the dialog: nothing is downloaded (UX-5). */
  const cancelExport = () => {
    op?.cancel();
    onDone();
  };

  const result = exported.isPending ? undefined : exported.data;
  const bytes = useMemo(() => (result ? new Blob([result.text]).size : 0), [result]);
  const download = () => {
    if (!result) return;
    downloadText(result.name, result.text, result.mimeType);
    notify({
      tone: 'info',
      text: `Downloaded ${result.name} (${formatBytes(bytes)}). ${
        redact ? `${plural(result.redactions.length, 'secret')} redacted.` : 'Redaction was off.'
      }`,
    });
    onDone();
  };
  /** Ticking the box turns redaction on at once; unticking it only asks. */
  const setRedactChecked = (checked: boolean) => {
    if (checked) {
      setRedact(true);
      setConfirmingOff(false);
    } else setConfirmingOff(true);
  };
  const keepRedaction = () => setConfirmingOff(false);
  const turnRedactionOff = () => {
    setRedact(false);
    setConfirmingOff(false);
  };

  return {
    format,
    setFormat,
    redact,
    confirmingOff,
    exported,
    exportStartedAt: op?.startedAt ?? Date.now(),
    cancelExport,
    replayTitle,
    result,
    bytes,
    download,
    setRedactChecked,
    keepRedaction,
    turnRedactionOff,
  };
}
