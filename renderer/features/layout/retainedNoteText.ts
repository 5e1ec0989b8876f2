// The words of the retained-frames note (RetainedNote.tsx), kept apart from the component so the node-side unit tests
// can check them without JSX.

/** What the note says when `dropped` frames left the window that keeps `kept`; null while none left. */
export function retainedNoteText(dropped: number, kept: number): string | null {
  if (dropped === 0) return null;
  return (
    `${dropped.toLocaleString('en-US')} earlier frame${dropped === 1 ? '' : 's'} left this window, which keeps ` +
    `the newest ${kept.toLocaleString('en-US')} to stay fast. None is lost: the run’s journal holds every ` +
    'frame, Save writes them all, and the journal opens from Sessions in browse mode.'
  );
}
