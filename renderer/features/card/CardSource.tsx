// A card's raw text in the read-only Monaco editor with its findings as markers, and the findings list beside it
// (CARD-4). Shows the exact text the agent sent, or the same card pretty-printed (the default for a one-line card),
// with the findings placed in whichever is shown. The editor's wrapper states the markers Monaco holds
// (`data-markers`, `data-marker-lines`, a hidden list) and the cursor line, for tests and assistive technology.

import { Suspense, useMemo, useState } from 'react';
import type { Finding } from '../../../shared/wire/finding';
import type { AppliedMarker, RevealRequest } from '../../ui/monaco/editorMarkers';
import { CardFindings } from './CardFindings';
import { markersOf, placeFindings, prefersPretty, prettyCardText } from './findingPlacement';
import { EditorBoundary, LazyCardEditor } from './LazyEditors';

export interface CardSourceProps {
  /** The card's exact text. */
  text: string;
  /** Findings placed in `text` (the host's checkCard). */
  findings: readonly Finding[];
  checking: boolean;
  checkError?: string | undefined;
  modelPath: string;
  testId: string;
  label: string;
}

type View = 'exact' | 'pretty';

export function CardSource({
  text,
  findings,
  checking,
  checkError,
  modelPath,
  testId,
  label,
}: CardSourceProps) {
  const pretty = useMemo(() => prettyCardText(text), [text]);
  const [view, setView] = useState<View>(() => (prefersPretty(text) ? 'pretty' : 'exact'));
  const shownView: View = view === 'pretty' && pretty !== undefined ? 'pretty' : 'exact';
  const shown = shownView === 'pretty' && pretty !== undefined ? pretty : text;
  const placed = useMemo(() => placeFindings(findings, text, shown), [findings, text, shown]);
  const markers = useMemo(() => markersOf(placed), [placed]);

  const [ready, setReady] = useState(false);
  const [applied, setApplied] = useState<AppliedMarker[] | null>(null);
  const [cursorLine, setCursorLine] = useState<number | null>(null);
  const [reveal, setReveal] = useState<RevealRequest>();
  const fallback = <pre className="card-fallback">{shown}</pre>;

  return (
    <section className="card-source" aria-label={label} data-testid={testId}>
      <div className="card-source-toolbar">
        {pretty !== undefined && (
          <span className="segmented" role="group" aria-label="Card text">
            <button
              type="button"
              aria-pressed={shownView === 'exact'}
              onClick={() => setView('exact')}
              data-testid="card-view-exact"
            >
              As sent
            </button>
            <button
              type="button"
              aria-pressed={shownView === 'pretty'}
              onClick={() => setView('pretty')}
              data-testid="card-view-pretty"
            >
              Pretty
            </button>
          </span>
        )}
        <button type="button" onClick={() => void navigator.clipboard?.writeText(shown)}>
          Copy
        </button>
        {shownView === 'pretty' && (
          <span className="muted">Lines are those of the pretty-printed card, not of the text as sent.</span>
        )}
      </div>
      <div className="card-source-body">
        <div
          className="card-editor"
          data-testid="card-editor"
          data-view={shownView}
          data-monaco-ready={ready ? 'true' : 'false'}
          {...(applied
            ? {
                'data-markers': String(applied.length),
                'data-marker-lines': applied.map((m) => m.line).join(','),
              }
            : {})}
          {...(cursorLine !== null ? { 'data-cursor-line': String(cursorLine) } : {})}
        >
          <EditorBoundary fallback={fallback}>
            <Suspense fallback={fallback}>
              <LazyCardEditor
                value={shown}
                modelPath={`${modelPath}/${shownView}`}
                markers={markers}
                reveal={reveal}
                onReady={() => setReady(true)}
                onMarkersApplied={setApplied}
                onCursorLine={setCursorLine}
              />
            </Suspense>
          </EditorBoundary>
          {applied && (
            <ol className="visually-hidden" data-testid="card-markers" aria-label="Markers in the card">
              {applied.map((m, i) => (
                <li
                  key={i}
                  data-testid="card-marker"
                  data-line={m.line}
                  data-column={m.column}
                  data-severity={m.severity}
                >
                  {m.severity} at line {m.line}, column {m.column}
                </li>
              ))}
            </ol>
          )}
        </div>
        <CardFindings
          placed={placed}
          checking={checking}
          checkError={checkError}
          onReveal={(line, column) =>
            setReveal((previous) => ({ line, column, seq: (previous?.seq ?? 0) + 1 }))
          }
        />
      </div>
    </section>
  );
}
