// The composer's line about the stream a send opened (MSG-9), in place of the one-off "Stream open" outcome: it
// follows the stream's events and, while the stream is open, ticks once a second so the time since the last event
// stays true. Its own component, so the ticking and the per-event updates re-render this line only.

import { useEffect, useState } from 'react';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { streamStatus } from './streamStatus';

export function StreamStatusNotice({ frame, open }: { frame: HttpFrame; open: boolean }) {
  // Two primitives rather than an object: the selectors run on every store change (the timeline is mutable and
  // each batch bumps the store), and a batch that brings no event of this stream re-renders nothing.
  const events = useAppStore((state) => state.timeline.streamProgress(frame.id)?.events ?? 0);
  const lastEventAt = useAppStore((state) => state.timeline.streamProgress(frame.id)?.lastEventAt);
  const now = useClock(open);
  const status = streamStatus(frame, { events, ...(lastEventAt !== undefined ? { lastEventAt } : {}) }, now);
  return (
    <div className="outcome" data-testid="outcome" data-status="stream" data-stream={status.phase}>
      <span data-testid="stream-status">{status.text}</span>
    </div>
  );
}

/** The time now, updated every second while `running`. */
function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
