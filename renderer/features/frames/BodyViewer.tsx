// Shows a body: exact text by default, pretty JSON on request, in Monaco once it has loaded. Until then (and if it
// fails to load) the text is shown as a plain text node, so the body is never hidden behind the editor. When `mask`
// hides secrets in the text (a token in a JSON member, a form field), the masked text is shown and copied until the
// user asks to reveal it.

import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { BodyBytes } from '../../../shared/wire/frame';
import { bodyLanguage, formatBytes, prettyJson } from '../../ui/frameFormat';
import { Highlighted } from './Highlighted';
import { useSearchMatcher } from './useSearchMatcher';

const MonacoBody = lazy(() => import('../../ui/monaco/MonacoBody'));

export function BodyViewer({
  body,
  contentType,
  modelPath,
  mask,
  label = 'Body',
}: {
  body: BodyBytes;
  contentType?: string;
  modelPath: string;
  mask?: (text: string) => string;
  label?: string;
}) {
  const masked = useMemo(() => (mask ? mask(body.text) : body.text), [mask, body.text]);
  const hasSecrets = masked !== body.text;
  const [revealed, setRevealed] = useState(false);
  const text = hasSecrets && !revealed ? masked : body.text;
  const pretty = useMemo(() => prettyJson(text), [text]);
  const [mode, setMode] = useState<'exact' | 'pretty'>('exact');
  const shown = mode === 'pretty' && pretty !== null ? pretty : text;
  const language = bodyLanguage(contentType, body.text);
  const matcher = useSearchMatcher();
  const highlights = useMemo(() => (matcher ? matcher.spans(shown) : []), [matcher, shown]);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () => {
    navigator.clipboard
      ?.writeText(shown)
      .then(() => setCopied('Copied'))
      .catch(() => setCopied('The clipboard refused; select the text instead'));
  };
  const fallback = (
    <pre className="body-fallback">
      <Highlighted text={shown} matcher={matcher} />
    </pre>
  );
  return (
    <section className="body-section" aria-label={label}>
      <div className="body-toolbar">
        <span data-testid="body-size">{formatBytes(body.size)}</span>
        {body.truncated && (
          <span className="warning" data-testid="body-truncated">
            truncated: first {formatBytes(body.size)} of at least {formatBytes(body.truncated.seen)}
          </span>
        )}
        {body.stored && (
          <span className="warning" data-testid="body-stored" title={`sha256 ${body.stored.sha256}`}>
            {body.stored.text === 'reduced'
              ? `too large for memory: kept on disk, shown with ${body.stored.strings} long string${body.stored.strings === 1 ? '' : 's'} cut out (each names where its bytes are)`
              : 'too large for memory: kept on disk, only its first bytes shown'}
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
        {hasSecrets && (
          <button
            type="button"
            aria-pressed={revealed}
            onClick={() => setRevealed(!revealed)}
            data-testid="body-reveal"
          >
            {revealed ? 'Hide secrets' : 'Reveal secrets'}
          </button>
        )}
        {highlights.length > 0 && (
          <span className="search-hits" data-testid="body-search-hits">
            {highlights.length.toLocaleString('en-US')} match{highlights.length === 1 ? '' : 'es'}
          </span>
        )}
        <button type="button" onClick={copy} data-testid="copy-body">
          Copy body
        </button>
        {copied && (
          <span className="muted" role="status">
            {copied}
          </span>
        )}
      </div>
      {body.size === 0 ? (
        <p className="empty">No body.</p>
      ) : (
        <ViewerBoundary fallback={fallback}>
          <Suspense fallback={fallback}>
            <MonacoBody
              value={shown}
              highlights={highlights}
              language={mode === 'pretty' ? 'json' : language}
              modelPath={`${modelPath}/${mode}${hasSecrets && !revealed ? '/masked' : ''}`}
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
