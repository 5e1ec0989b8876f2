// A text part (MSG-1, TL-4): markdown when it is markdown or plain text (agents send markdown as text/plain), any
// other declared type as the exact text; a toggle shows the source as sent either way.

import { useState } from 'react';
import { essence } from './media';
import { MAX_MARKDOWN_CHARS } from './markdown';
import { MarkdownView } from './MarkdownView';
import './render.css';

const MARKDOWN_TYPES = new Set(['', 'text/plain', 'text/markdown', 'text/x-markdown']);

export function TextPartView({ text, mediaType }: { text: string; mediaType?: string }) {
  const tooLong = text.length > MAX_MARKDOWN_CHARS;
  const renderable = MARKDOWN_TYPES.has(essence(mediaType)) && !tooLong;
  const [source, setSource] = useState(false);
  return (
    <div className="part part-text text-part" data-testid="part-text">
      {renderable && !source ? <MarkdownView text={text} /> : <pre className="text-source">{text}</pre>}
      {tooLong && <span className="muted">Too long to render as markdown; shown as sent.</span>}
      {renderable && (
        <button
          type="button"
          className="part-toggle"
          data-testid="toggle-source"
          aria-pressed={source}
          onClick={() => setSource(!source)}
          // The label is drawn by CSS (render.css) so that it is not part of the text: copying a message, or reading
          // its text, gives the agent's words only.
          data-label={source ? 'Rendered' : 'Source'}
          aria-label="Show source"
        />
      )}
    </div>
  );
}
