// Text with the search box's matches marked (TL-5). Agent content stays text: the marks wrap text nodes, never markup.

import type { ReactNode } from 'react';
import type { TextMatcher } from '../../../shared/search/textMatch';

export function Highlighted({ text, matcher }: { text: string; matcher: TextMatcher | undefined }) {
  const spans = matcher ? matcher.spans(text) : [];
  if (spans.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  spans.forEach(([start, end], index) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={index} className="search-mark" data-testid="search-mark">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
