// Shows a body: exact text by default, pretty JSON on request, in Monaco once it has loaded. Until then (and if it
// fails to load) the text is shown as a plain text node, so the body is never hidden behind the editor.

import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { BodyBytes } from '../../../shared/wire/frame';
import { bodyLanguage, formatBytes, prettyJson } from './frameFormat';

const MonacoBody = lazy(() => import('../../monaco/MonacoBody'));

export function BodyViewer({
  body,
  contentType,
  modelPath,
}: {
  body: BodyBytes;
  contentType?: string;
  modelPath: string;
}) {
  const pretty = prettyJson(body.text);
  const [mode, setMode] = useState<'exact' | 'pretty'>('exact');
  const shown = mode === 'pretty' && pretty !== null ? pretty : body.text;
  const language = bodyLanguage(contentType, body.text);
  return (
    <section className="body-section" aria-label="Body">
      <div className="body-toolbar">
        <span data-testid="body-size">{formatBytes(body.size)}</span>
        {body.truncated && (
          <span className="warning" data-testid="body-truncated">
            truncated: first {formatBytes(body.size)} of at least {formatBytes(body.truncated.seen)}
          </span>
        )}
        {!body.utf8Valid && (
          <span className="warning">not valid UTF-8: shown with replacement characters</span>
        )}
        {pretty !== null && (
          <span className="segmented" role="group" aria-label="Body view">
            <button type="button" aria-pressed={mode === 'exact'} onClick={() => setMode('exact')}>
              Exact
            </button>
            <button type="button" aria-pressed={mode === 'pretty'} onClick={() => setMode('pretty')}>
              Pretty
            </button>
          </span>
        )}
        <button type="button" onClick={() => void navigator.clipboard?.writeText(shown)}>
          Copy
        </button>
      </div>
      {body.size === 0 ? (
        <p className="empty">No body.</p>
      ) : (
        <ViewerBoundary fallback={<pre className="body-fallback">{shown}</pre>}>
          <Suspense fallback={<pre className="body-fallback">{shown}</pre>}>
            <MonacoBody
              value={shown}
              language={mode === 'pretty' ? 'json' : language}
              modelPath={`${modelPath}/${mode}`}
            />
          </Suspense>
        </ViewerBoundary>
      )}
    </section>
  );
}

/** If the editor chunk cannot load, fall back to plain text rather than losing the body. */
class ViewerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
