// Two cards side by side in Monaco's read-only diff editor (CARD-6), pretty-printed so that line changes are member
// changes. Loaded lazily; the list of changes beside it does not need it.

import { DiffEditor } from '@monaco-editor/react';
import { useState } from 'react';
import { useColorScheme } from '../theme/useColorScheme';
import { diffViewerOptions, editorTheme } from './editorOptions';
import './setupMonaco';

export interface CardDiffEditorProps {
  original: string;
  modified: string;
  /** Distinguishes this pair's models from every other editor's. */
  modelPath: string;
}

export default function CardDiffEditor({ original, modified, modelPath }: CardDiffEditorProps) {
  const scheme = useColorScheme();
  const [ready, setReady] = useState(false);
  return (
    <div
      className="card-diff-editor"
      data-testid="card-diff-editor"
      data-monaco-ready={ready ? 'true' : 'false'}
    >
      <DiffEditor
        original={original}
        modified={modified}
        language="json"
        originalModelPath={`${modelPath}/original`}
        modifiedModelPath={`${modelPath}/modified`}
        theme={editorTheme(scheme)}
        onMount={() => setReady(true)}
        options={diffViewerOptions()}
      />
    </div>
  );
}
