// One message or artifact part, shown safely: text as text (never as HTML), data as formatted JSON text, files
// by name and type. Rich previews (markdown, images, media) come with the safe-rendering work (MSG-7, SEC-3).

import type { Part } from '../../../shared/a2a/model';

export function PartView({ part }: { part: Part }) {
  switch (part.kind) {
    case 'text':
      return (
        <p className="part part-text" data-testid="part-text">
          {part.text}
        </p>
      );
    case 'data':
      return (
        <pre className="part part-data" data-testid="part-data">
          {JSON.stringify(part.data, null, 2)}
        </pre>
      );
    case 'file':
      return (
        <p className="part part-file" data-testid="part-file">
          📎 {part.name ?? 'file'} <span className="muted">{part.mediaType ?? 'unknown type'}</span>{' '}
          {part.bytes !== undefined ? (
            <span className="muted">({Math.floor((part.bytes.length * 3) / 4)} bytes inline)</span>
          ) : (
            <code>{part.uri}</code>
          )}
        </p>
      );
    case 'unknown':
      return (
        <pre className="part part-unknown" data-testid="part-unknown">
          {JSON.stringify(part.wire)}
        </pre>
      );
  }
}
