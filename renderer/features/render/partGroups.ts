// Adjacent text parts of an artifact read as one text (TL-3, TL-4). An agent that streams an answer appends it chunk
// by chunk (`append: true`), often one text part per chunk and cut anywhere — inside a word or a markdown run — so
// the assembled artifact is shown as the text it spells, rendered once. Messages keep one view per part.

import type { Part } from '../../../shared/a2a/model';

export type PartGroup =
  { kind: 'text'; text: string; mediaType?: string; count: number } | { kind: 'part'; part: Part };

export function joinTextParts(parts: readonly Part[]): PartGroup[] {
  const groups: PartGroup[] = [];
  for (const part of parts) {
    const last = groups[groups.length - 1];
    if (part.kind === 'text' && last?.kind === 'text' && last.mediaType === part.mediaType) {
      last.text += part.text;
      last.count++;
    } else if (part.kind === 'text') {
      groups.push({
        kind: 'text',
        text: part.text,
        count: 1,
        ...(part.mediaType ? { mediaType: part.mediaType } : {}),
      });
    } else {
      groups.push({ kind: 'part', part });
    }
  }
  return groups;
}
