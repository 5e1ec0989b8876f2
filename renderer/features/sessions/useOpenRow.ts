// Opening a row of a session in browse mode: the frames around it are read from the host and shown through the
// usual views (the inspector shows its exchange in full); a stream event whose exchange began further back than
// that brings the exchange along, found by its row.

import type { HostApi } from '../../../shared/host/hostApi';
import type { SessionRow } from '../../../shared/session/sessionRows';
import type { SessionSummary } from '../../../shared/session/types';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';

/** Frames loaded on each side of an opened row, so that a stream event comes with its exchange. */
const AROUND = 400;

/** Loads the frames around a row into the views and selects it. */
export function useOpenRow(session: SessionSummary) {
  const host = useHost();
  const replaceFrames = useAppStore((state) => state.replaceFrames);
  const selectFrame = useAppStore((state) => state.selectFrame);
  const notify = useAppStore((state) => state.notifySession);
  return (row: SessionRow) => {
    const sessionId = session.sessionId;
    const from = Math.max(0, row.index - AROUND);
    const load = async () => {
      const { frames } = await host.readSessionFrames({ sessionId, from, count: 2 * AROUND + 1 });
      const exchangeId = row.exchangeId;
      if (exchangeId !== undefined && !frames.some((frame) => frame.id === exchangeId)) {
        // A long stream: its exchange is further back than the window; found by its row and put first.
        const at = await findRowBefore(host, sessionId, from, exchangeId);
        if (at !== undefined)
          frames.unshift(...(await host.readSessionFrames({ sessionId, from: at, count: 1 })).frames);
      }
      return frames;
    };
    load()
      .then((frames) => {
        replaceFrames(frames);
        selectFrame(row.frameId);
      })
      .catch((error: unknown) =>
        notify({ tone: 'error', text: `Frame ${row.index + 1} could not be read: ${String(error)}` }),
      );
  };
}

/** Rows looked through, a page at a time, for a long stream's exchange before giving up on it. */
const EXCHANGE_SEARCH_ROWS = 50_000;
const SEARCH_PAGE = 5_000;

/** The index of the row of frame `frameId`, looked for backwards from `before`. */
async function findRowBefore(
  host: Pick<HostApi, 'readSessionRows'>,
  sessionId: string,
  before: number,
  frameId: string,
): Promise<number | undefined> {
  for (let end = before; end > 0 && before - end < EXCHANGE_SEARCH_ROWS; end -= SEARCH_PAGE) {
    const from = Math.max(0, end - SEARCH_PAGE);
    const { rows } = await host.readSessionRows({ sessionId, from, count: end - from });
    const found = rows.find((row) => row.frameId === frameId);
    if (found) return found.index;
  }
  return undefined;
}
