// A read-only Monaco view of a body: folding, search, copy. Loaded lazily (see BodyViewer).

import Editor from '@monaco-editor/react';
import { useState } from 'react';
import { useColorScheme } from '../theme/useColorScheme';
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
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        onMount={() => setReady(true)}
        options={{
          readOnly: true,
          domReadOnly: true,
          minimap: { enabled: false },
          folding: true,
          wordWrap: 'on',
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 12,
          renderWhitespace: 'selection',
          unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
        }}
      />
    </div>
  );
}
