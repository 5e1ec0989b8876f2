// Agent text rendered as markdown (TL-4, SEC-3): parsed to a tree (markdown.ts) and built from a fixed set of React
// elements (markdownElements.ts) — never an HTML string, so raw HTML in the text shows as the text it is.

import { useMemo } from 'react';
import { parseMarkdown } from './markdown';
import { renderBlocks, type MarkdownRenderOptions } from './markdownElements';
import { MarkdownImage } from './MarkdownImage';

const options: MarkdownRenderOptions = {
  renderImage: (image, key) => <MarkdownImage key={key} {...image} />,
};

export function MarkdownView({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className="markdown" data-testid="markdown">
      {renderBlocks(blocks, options)}
    </div>
  );
}
