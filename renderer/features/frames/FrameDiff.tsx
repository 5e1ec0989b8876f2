// Two frames side by side as a unified diff (FRM-7): the pinned frame is "before", the selected one "after", section
// by section — request line and headers, request body, status and response headers, response body or stream events.
// Secrets stay masked in both; every line is a text node.

import { useMemo } from 'react';
import type { HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { diffLines, foldUnchanged } from './lineDiff';
import { frameSections, sectionLabels, sectionNames } from './frameSections';

const prefix = { same: ' ', added: '+', removed: '-' } as const;

export function FrameDiff({
  before,
  beforeEvents,
  after,
  afterEvents,
  beforeNumber,
}: {
  before: HttpFrame;
  beforeEvents: readonly SseFrame[];
  after: HttpFrame;
  afterEvents: readonly SseFrame[];
  beforeNumber: string;
}) {
  const sections = useMemo(() => {
    const a = frameSections(before, beforeEvents);
    const b = frameSections(after, afterEvents);
    return sectionNames.map((name) => ({ name, diff: diffLines(a[name], b[name]) }));
  }, [before, beforeEvents, after, afterEvents]);
  return (
    <section className="frame-diff" data-testid="frame-diff" aria-label="Diff with the pinned frame">
      <p className="muted">
        <span className="removed-key">− pinned {beforeNumber}</span> ·{' '}
        <span className="added-key">+ this frame</span>
      </p>
      {sections.map(({ name, diff }) => (
        <div key={name} className="diff-section" data-testid="diff-section" data-section={name}>
          <h4>
            {sectionLabels[name]}{' '}
            <span className="muted" data-testid="diff-summary">
              {diff.added === 0 && diff.removed === 0
                ? 'identical'
                : `+${diff.added} −${diff.removed}${diff.aligned ? '' : ' (too large to align line by line)'}`}
            </span>
          </h4>
          {(diff.added > 0 || diff.removed > 0) && (
            <pre className="diff-lines">
              {foldUnchanged(diff.lines).map((row, index) =>
                row.kind === 'fold' ? (
                  <div key={index} className="diff-fold">
                    ⋯ {row.count} unchanged line{row.count === 1 ? '' : 's'}
                  </div>
                ) : (
                  <div key={index} className={`diff-line ${row.kind}`} data-kind={row.kind}>
                    {prefix[row.kind]} {row.text}
                  </div>
                ),
              )}
            </pre>
          )}
        </div>
      ))}
    </section>
  );
}
