// The one place Monaco editors get their options. Everything an editor shows may come from an agent (bodies, cards,
// a data part pasted from one), and an agent's URLs are untrusted: Monaco's link detection would open them on
// ctrl+click, straight into the system browser. So every editor turns links off, and the options below put
// `links: false` last, where no caller's extra option can undo it. tests/unit/renderer/ui/monaco/editorOptions.test.ts
// checks that every editor in the renderer takes its options from here.

import type { DiffEditorProps, EditorProps } from '@monaco-editor/react';

type EditorOptions = NonNullable<EditorProps['options']>;
type DiffEditorOptions = NonNullable<DiffEditorProps['options']>;

/**
 * What every editor shares: small type, no minimap, sized by its box. Tab moves focus out of the editor as it does
 * everywhere else in the window, so no editor is a keyboard trap (indentation comes from Enter and the formatter).
 */
const common = {
  tabFocusMode: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  fontSize: 12,
} as const satisfies EditorOptions;

/** A read-only view of text the agent sent (a body, a card): folding, search, copy, and odd characters shown. */
export function viewerOptions(extra: EditorOptions = {}): EditorOptions {
  return {
    ...common,
    readOnly: true,
    domReadOnly: true,
    folding: true,
    wordWrap: 'on',
    renderWhitespace: 'selection',
    unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
    ...extra,
    links: false,
  };
}

/** Two read-only texts side by side. */
export function diffViewerOptions(extra: DiffEditorOptions = {}): DiffEditorOptions {
  return {
    ...common,
    readOnly: true,
    originalEditable: false,
    domReadOnly: true,
    renderSideBySide: true,
    ...extra,
    links: false,
  };
}

/** A small editable field inside a form (the composer's JSON fields): no gutter, and the form keeps the wheel. */
export function fieldEditorOptions(ariaLabel: string, extra: EditorOptions = {}): EditorOptions {
  return {
    ...common,
    ariaLabel,
    lineNumbers: 'off',
    folding: false,
    glyphMargin: false,
    wordWrap: 'on',
    tabSize: 2,
    fixedOverflowWidgets: true,
    renderLineHighlight: 'none',
    overviewRulerLanes: 0,
    hideCursorInOverviewRuler: true,
    // The composer scrolls as a whole; a small editor must not swallow the wheel.
    scrollbar: { alwaysConsumeMouseWheel: false },
    ...extra,
    links: false,
  };
}

/** Monaco's built-in theme for the app's colour scheme. */
export function editorTheme(scheme: 'light' | 'dark'): string {
  return scheme === 'dark' ? 'vs-dark' : 'vs';
}
