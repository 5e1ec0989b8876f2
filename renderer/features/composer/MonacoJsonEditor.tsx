// An editable Monaco for one JSON field of the composer (a data part, the metadata). Loaded lazily by JsonEditor,
// from the bundle with its JSON worker (renderer/ui/monaco/setupMonaco.ts), so the worker's diagnostics underline the
// problem while draft.ts decides whether Send is allowed. Ctrl/Cmd+Enter sends from here too.

import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { useColorScheme } from '../../ui/theme/useColorScheme';
import { editorTheme, fieldEditorOptions } from '../../ui/monaco/editorOptions';
import '../../ui/monaco/setupMonaco';

export interface MonacoJsonEditorProps {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  modelPath: string;
  label: string;
  testId: string;
  height: number;
}

export default function MonacoJsonEditor({
  value,
  onChange,
  onSubmit,
  modelPath,
  label,
  testId,
  height,
}: MonacoJsonEditorProps) {
  const scheme = useColorScheme();
  const [ready, setReady] = useState(false);
  // The editor keeps the command it was given at mount; the ref lets it call the newest submit.
  const submit = useRef(onSubmit);
  useEffect(() => {
    submit.current = onSubmit;
  }, [onSubmit]);

  const onMount: OnMount = (editor, monaco) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit.current());
    setReady(true);
  };

  return (
    <div className="json-editor" data-testid={testId} data-monaco-ready={ready ? 'true' : 'false'}>
      <Editor
        height={height}
        language="json"
        path={modelPath}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        onMount={onMount}
        theme={editorTheme(scheme)}
        options={fieldEditorOptions(label)}
      />
    </div>
  );
}
