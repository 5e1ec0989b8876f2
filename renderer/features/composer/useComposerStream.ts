// The stream the last send opened, for the composer (MSG-9): its exchange frame as the store has it now, whether it
// is still open, and Stop, which closes it the way the Tasks tab and the palette do (the task keeps running). Reads
// only the exchange's frame, which changes on its few revisions, so the composer does not re-render per event.

import type { OperationOutcome } from '../../../shared/host/agent';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { useCloseStream } from '../agents';

export interface ComposerStream {
  frame: HttpFrame;
  open: boolean;
  /** Closes the open stream; undefined once it ended. */
  stop?: () => void;
  stopping: boolean;
}

export function useComposerStream(outcome: OperationOutcome | undefined): ComposerStream | undefined {
  const exchangeId = outcome?.status === 'stream' ? outcome.exchangeId : undefined;
  const frame = useAppStore((state) => {
    if (exchangeId === undefined) return undefined;
    const index = state.frameIndex.get(exchangeId);
    const found = index === undefined ? undefined : state.frames[index];
    return found?.kind === 'http' ? found : undefined;
  });
  const close = useCloseStream();
  if (!frame || exchangeId === undefined) return undefined;
  const open = frame.state === 'pending' || frame.state === 'streaming';
  return {
    frame,
    open,
    ...(open ? { stop: () => close.mutate(exchangeId) } : {}),
    stopping: close.isPending,
  };
}
