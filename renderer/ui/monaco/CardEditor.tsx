// The raw card in a read-only Monaco editor with the card's findings as markers (CARD-4). Loaded lazily, like the
// body viewer. After setting the markers it reads them back from Monaco and reports them, so the page states what
// the editor really shows (tests read that instead of Monaco's DOM). A reveal request moves the cursor to a
// finding's line and scrolls it into the middle of the view.

import Editor, { type OnMount } from '@monaco-editor/react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { useEffect, useRef, useState } from 'react';
import type { Severity } from '../../../shared/wire/finding';
import { useColorScheme } from '../theme/useColorScheme';
import type { AppliedMarker, EditorMarker, RevealRequest } from './editorMarkers';
import { editorTheme, viewerOptions } from './editorOptions';
import './setupMonaco';

export interface CardEditorProps {
  value: string;
  modelPath: string;
  markers: readonly EditorMarker[];
  reveal?: RevealRequest | undefined;
  onReady(): void;
  onMarkersApplied(markers: AppliedMarker[]): void;
  onCursorLine(line: number): void;
}

type CodeEditor = Parameters<OnMount>[0];
/** @monaco-editor/react's own `Monaco` type does not resolve against this monaco-editor's exports; this does. */
type Monaco = typeof MonacoApi;

/** Our markers' owner: Monaco's JSON worker sets its own under another owner, and those are not findings. */
const OWNER = 'switchboard-card';

export default function CardEditor({
  value,
  modelPath,
  markers,
  reveal,
  onReady,
  onMarkersApplied,
  onCursorLine,
}: CardEditorProps) {
  const scheme = useColorScheme();
  const [mounted, setMounted] = useState<{ editor: CodeEditor; monaco: Monaco } | null>(null);
  // The callbacks change identity on every render of the parent; effects must not re-run for that.
  const callbacks = useRef({ onReady, onMarkersApplied, onCursorLine });
  callbacks.current = { onReady, onMarkersApplied, onCursorLine };

  useEffect(() => {
    if (!mounted) return;
    const { editor, monaco } = mounted;
    const model = editor.getModel();
    if (!model) return;
    const severities: Record<Severity, number> = {
      error: monaco.MarkerSeverity.Error,
      warning: monaco.MarkerSeverity.Warning,
      info: monaco.MarkerSeverity.Info,
    };
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      markers.map((m) => ({
        severity: severities[m.severity],
        message: m.message,
        ...(m.code ? { code: m.code } : {}),
        source: 'Switchboard',
        startLineNumber: m.startLine,
        startColumn: m.startColumn,
        endLineNumber: m.endLine,
        endColumn: m.endColumn,
      })),
    );
    const applied = monaco.editor
      .getModelMarkers({ owner: OWNER, resource: model.uri })
      .map((m) => ({
        line: m.startLineNumber,
        column: m.startColumn,
        severity: severityName(m.severity, monaco),
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    callbacks.current.onMarkersApplied(applied);
  }, [mounted, markers, value, modelPath]);

  useEffect(() => {
    if (!mounted || !reveal) return;
    const { editor } = mounted;
    editor.revealLineInCenter(reveal.line);
    editor.setPosition({ lineNumber: reveal.line, column: reveal.column });
    editor.focus();
  }, [mounted, reveal]);

  useEffect(() => {
    if (!mounted) return;
    const subscription = mounted.editor.onDidChangeCursorPosition((event) =>
      callbacks.current.onCursorLine(event.position.lineNumber),
    );
    return () => subscription.dispose();
  }, [mounted]);

  return (
    <Editor
      value={value}
      language="json"
      path={modelPath}
      theme={editorTheme(scheme)}
      onMount={(editor, monaco) => {
        setMounted({ editor, monaco });
        callbacks.current.onReady();
      }}
      options={viewerOptions()}
    />
  );
}

function severityName(value: number, monaco: Monaco): Severity {
  if (value === monaco.MarkerSeverity.Error) return 'error';
  if (value === monaco.MarkerSeverity.Warning) return 'warning';
  return 'info';
}
