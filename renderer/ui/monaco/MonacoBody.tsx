// A read-only Monaco view of a body: folding, search, copy. Loaded lazily (see BodyViewer).

import Editor from '@monaco-editor/react';
import { useState } from 'react';
import { useColorScheme } from '../theme/useColorScheme';
import { editorTheme, viewerOptions } from './editorOptions';
import './setupMonaco';

export interface MonacoBodyProps {
  value: string;
  language: string;
  modelPath: string;
}

export default function MonacoBody({ value, language, modelPath }: MonacoBodyProps) {
  const scheme = useColorScheme();
  const [ready, setReady] = useState(false);
  return (
    <div className="body-viewer" data-testid="body-viewer" data-monaco-ready={ready ? 'true' : 'false'}>
      <Editor
        value={value}
        language={language}
        path={modelPath}
        theme={editorTheme(scheme)}
        onMount={() => setReady(true)}
        options={viewerOptions()}
      />
    </div>
  );
}
