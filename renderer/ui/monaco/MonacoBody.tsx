// A read-only Monaco view of a body: folding, search, copy. Loaded lazily (see BodyViewer).

import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { useColorScheme } from '../theme/useColorScheme';
import { editorTheme, viewerOptions } from './editorOptions';
import './setupMonaco';

export interface MonacoBodyProps {
  value: string;
  language: string;
  modelPath: string;
  /** Spans of `value` to mark (the search box's matches, TL-5), as [start, end) in UTF-16 code units. */
  highlights?: ReadonlyArray<readonly [number, number]>;
}

type ViewerEditor = Parameters<OnMount>[0];

export default function MonacoBody({ value, language, modelPath, highlights = [] }: MonacoBodyProps) {
  const scheme = useColorScheme();
  const [editor, setEditor] = useState<ViewerEditor | undefined>(undefined);
  const ready = editor !== undefined;
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || highlights.length === 0) return undefined;
    const marks = editor.createDecorationsCollection(
      highlights.map(([start, end]) => {
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        return {
          range: {
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
          },
          options: { inlineClassName: 'search-mark' },
        };
      }),
    );
    const first = highlights[0];
    if (first) editor.revealPositionInCenterIfOutsideViewport(model.getPositionAt(first[0]));
    return () => marks.clear();
  }, [editor, highlights, value]);
  return (
    <div
      className="body-viewer"
      data-testid="body-viewer"
      data-monaco-ready={ready ? 'true' : 'false'}
      data-search-marks={highlights.length}
    >
      <Editor
        value={value}
        language={language}
        path={modelPath}
        theme={editorTheme(scheme)}
        onMount={(mounted) => setEditor(mounted)}
        options={viewerOptions()}
      />
    </div>
  );
}
