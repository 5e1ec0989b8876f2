// The differences between two cards as a list (CARD-6): each member added, removed or changed, by JSON pointer,
// with its value as one line of JSON text (agent data, shown as text nodes only). Optionally beside it, Monaco's
// diff editor on the two cards pretty-printed.

import { Suspense, useMemo, useState } from 'react';
import { countDiff, type CardDiffEntry } from './cardDiff';
import { previewChange, previewJson } from './jsonPreview';
import { EditorBoundary, LazyCardDiffEditor } from './LazyEditors';

/** A list longer than this is cut, with a count of the rest: two unrelated cards can differ everywhere. */
const MAX_SHOWN = 300;

export interface CardDiffListProps {
  entries: readonly CardDiffEntry[];
  /** What the two sides are, e.g. "public card" and "extended card". */
  beforeLabel: string;
  afterLabel: string;
  testId: string;
  /** Both cards pretty-printed, for the side-by-side view; absent when there is nothing to put side by side. */
  sideBySide?: { original: string; modified: string; modelPath: string };
}

export function CardDiffList({ entries, beforeLabel, afterLabel, testId, sideBySide }: CardDiffListProps) {
  const counts = useMemo(() => countDiff(entries), [entries]);
  const [showEditor, setShowEditor] = useState(false);
  if (entries.length === 0) {
    return (
      <p data-testid={testId} data-empty="true">
        The {afterLabel} is the same as the {beforeLabel}.
      </p>
    );
  }
  return (
    <div className="card-diff" data-testid={testId}>
      <p className="card-diff-summary">
        <span data-testid="diff-counts">
          {counts.added} added · {counts.removed} removed · {counts.changed} changed
        </span>{' '}
        <span className="muted">
          (from the {beforeLabel} to the {afterLabel})
        </span>{' '}
        {sideBySide && (
          <button type="button" aria-pressed={showEditor} onClick={() => setShowEditor(!showEditor)}>
            Side by side
          </button>
        )}
      </p>
      {showEditor && sideBySide && (
        <EditorBoundary fallback={<p className="muted">The diff editor could not be loaded.</p>}>
          <Suspense fallback={<p className="muted">Loading the diff editor…</p>}>
            <LazyCardDiffEditor {...sideBySide} />
          </Suspense>
        </EditorBoundary>
      )}
      <ul className="card-diff-entries">
        {entries.slice(0, MAX_SHOWN).map((entry, i) => (
          <li
            key={i}
            className={`diff-${entry.kind}`}
            data-testid="diff-entry"
            data-kind={entry.kind}
            data-pointer={entry.pointer}
          >
            <span className="diff-kind">{entry.kind}</span> <code>{entry.pointer || '(the whole card)'}</code>{' '}
            <DiffValues entry={entry} />
          </li>
        ))}
      </ul>
      {entries.length > MAX_SHOWN && (
        <p className="muted">{entries.length - MAX_SHOWN} more differences are not listed.</p>
      )}
    </div>
  );
}

function DiffValues({ entry }: { entry: CardDiffEntry }) {
  switch (entry.kind) {
    case 'added':
      return <code className="diff-value">{previewJson(entry.after)}</code>;
    case 'removed':
      return <code className="diff-value">{previewJson(entry.before)}</code>;
    case 'changed': {
      const [before, after] = previewChange(entry.before, entry.after);
      return (
        <>
          {entry.beforePointer !== undefined && <span className="muted">(was {entry.beforePointer}) </span>}
          <code className="diff-value diff-before">{before}</code>
          {' → '}
          <code className="diff-value">{after}</code>
        </>
      );
    }
  }
}
