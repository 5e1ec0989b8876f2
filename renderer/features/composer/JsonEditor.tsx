// A JSON field of the composer: Monaco once its chunk has loaded, a plain text box until then (and if it cannot load),
// so the field is usable at once and never lost behind the editor.

import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor';

const MonacoJsonEditor = lazy(() => import('./MonacoJsonEditor'));

export function JsonEditor(props: MonacoJsonEditorProps) {
  const fallback = (
    <div className="json-editor" data-testid={props.testId} data-monaco-ready="false">
      <textarea
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            props.onSubmit();
          }
        }}
        style={{ height: props.height }}
        spellCheck={false}
      />
    </div>
  );
  return (
    <EditorBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <MonacoJsonEditor {...props} />
      </Suspense>
    </EditorBoundary>
  );
}

/** If the editor chunk cannot load, the plain text box stays. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
