// Copies a text (a mock agent's URL) to the clipboard and says whether it worked; where the page may not write
// the clipboard, it says to select the text instead.

import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={state === 'failed' ? 'The clipboard is not available here: select the text and copy it' : text}
      data-testid={testId}
      data-copied={state === 'copied'}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select to copy' : label}
    </button>
  );
}
