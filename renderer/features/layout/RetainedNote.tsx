// Says when the window let its oldest frames go (SEC-4, framesSlice.ts `RETAINED_FRAMES`): how many, and that nothing
// is lost, because the host's journal holds every frame of the run and Save writes them all.

import { RETAINED_FRAMES } from '../../store/framesSlice';
import { useAppStore } from '../../store/appStore';

export function RetainedNote() {
  const dropped = useAppStore((state) => state.droppedFrames);
  const replaying = useAppStore((state) => state.replay !== null);
  return replaying ? null : <RetainedNoteView dropped={dropped} kept={RETAINED_FRAMES.keep} />;
}

/** The note itself, from plain values (tested as static markup). */
export function RetainedNoteView({ dropped, kept }: { dropped: number; kept: number }) {
  if (dropped === 0) return null;
  return (
    <p className="retained-note" role="status" data-testid="retained-note" data-dropped={dropped}>
      {dropped.toLocaleString('en-US')} earlier frame{dropped === 1 ? '' : 's'} left this window, which keeps
      the newest {kept.toLocaleString('en-US')} to stay fast. None is lost: the run’s journal holds every
      frame, Save writes them all, and the journal opens from Sessions in browse mode.
    </p>
  );
}
