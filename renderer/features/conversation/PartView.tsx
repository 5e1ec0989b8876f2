// Message and artifact parts, rendered safely (TL-4, SEC-3): text as markdown built from React elements (raw HTML
// stays text), data as a JSON tree, files through viewers that never run agent code (renderer/features/render).
// Messages and artifacts both come through here, so they are shown alike; an artifact's adjacent text parts — the
// chunks of a streamed answer — are joined first (partGroups.ts).

import { useMemo } from 'react';
import type { Part } from '../../../shared/a2a/model';
import { DataPartView, FilePartView, joinTextParts, TextPartView } from '../render';

export function PartView({ part }: { part: Part }) {
  switch (part.kind) {
    case 'text':
      return <TextPartView text={part.text} {...(part.mediaType ? { mediaType: part.mediaType } : {})} />;
    case 'data':
      return <DataPartView data={part.data} />;
    case 'file':
      return <FilePartView part={part} />;
    case 'unknown':
      return (
        <pre className="part part-unknown" data-testid="part-unknown">
          {JSON.stringify(part.wire)}
        </pre>
      );
  }
}

/** All parts of a message (one view each) or of an artifact (`joinText`: adjacent text parts read as one). */
export function PartList({ parts, joinText = false }: { parts: readonly Part[]; joinText?: boolean }) {
  const groups = useMemo(
    () => (joinText ? joinTextParts(parts) : parts.map((part) => ({ kind: 'part' as const, part }))),
    // A task view appends an artifact's chunks to the same array (shared/timeline/taskView.ts): its length changes.
    [parts, parts.length, joinText],
  );
  return (
    <>
      {groups.map((group, i) =>
        group.kind === 'text' ? (
          <TextPartView
            key={i}
            text={group.text}
            {...(group.mediaType ? { mediaType: group.mediaType } : {})}
          />
        ) : (
          <PartView key={i} part={group.part} />
        ),
      )}
    </>
  );
}
