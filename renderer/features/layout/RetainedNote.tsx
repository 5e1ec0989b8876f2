// Says when the window let its oldest frames go (SEC-4, framesSlice.ts `WINDOW_FRAMES`): how many, and that nothing
// is lost, because the host's journal holds every frame of the run and Save writes them all.

import { WINDOW_FRAMES } from '../../store/framesSlice';
import { useAppStore } from '../../store/appStore';
import { retainedNoteText } from './retainedNoteText';

export function RetainedNote() {
  const dropped = useAppStore((state) => state.droppedFrames);
  const replaying = useAppStore((state) => state.replay !== null);
  return replaying ? null : <RetainedNoteView dropped={dropped} kept={WINDOW_FRAMES.keep} />;
}

/** The note itself, from plain values. */
export function RetainedNoteView({ dropped, kept }: { dropped: number; kept: number }) {
  const text = retainedNoteText(dropped, kept);
  if (text === null) return null;
  return (
    <p className="retained-note" role="status" data-testid="retained-note" data-dropped={dropped}>
      {text}
    </p>
  );
}
