// Every recorded exchange, newest last, like the Network panel of browser developer tools.

import { useMemo } from 'react';
import type { HttpFrame } from '../../../shared/wire/frame';
import { useAppStore } from '../../store/appStore';
import { formatBytes, formatMs, frameDurations, frameOutcome } from './frameFormat';

export function FramesTable() {
  const allFrames = useAppStore((state) => state.frames);
  // Stream events belong to their exchange's row; the inspector lists them.
  const frames = useMemo(
    () => allFrames.filter((frame): frame is HttpFrame => frame.kind === 'http'),
    [allFrames],
  );
  const selectedId = useAppStore((state) => state.selectedFrameId);
  const selectFrame = useAppStore((state) => state.selectFrame);
  if (frames.length === 0) {
    return (
      <div className="empty-state" data-testid="frames-empty">
        <p>No frames yet. Every request the host makes will be listed here with its exact bytes.</p>
      </div>
    );
  }
  return (
    <table className="frames" data-testid="frames-table">
      <thead>
        <tr>
          <th>#</th>
          <th>Method</th>
          <th>URL</th>
          <th>Status</th>
          <th>Size</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {frames.map((frame, index) => (
          <tr
            key={frame.id}
            className={frame.id === selectedId ? 'selected' : undefined}
            aria-selected={frame.id === selectedId}
            onClick={() => selectFrame(frame.id)}
            data-testid="frame-row"
          >
            <td>{index + 1}</td>
            <td>{frame.request.method}</td>
            <td className="url">{frame.request.url}</td>
            <td className={frame.error ? 'error' : undefined}>{frameOutcome(frame)}</td>
            <td>
              {frame.stream
                ? `${frame.stream.events} events · ${formatBytes(frame.stream.bytes)}`
                : frame.response
                  ? formatBytes(frame.response.body.size)
                  : '—'}
            </td>
            <td>{formatMs(frameDurations(frame).total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
