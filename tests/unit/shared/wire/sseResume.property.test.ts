// The SSE parser taken over mid-stream (SseOptions.resume): a second parser started at the point the first gave,
// fed the stream's bytes from there, reports what the first went on to report (events with their indexes and last
// event ids, empty blocks, oversized blocks, findings), caps included, wherever the stream was cut.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseParser, type SseParserOptions, type SseResumePoint } from '../../../../shared/wire/sse';
import { chunkSizes, cut, stream } from '../../support/sseArbitraries';

interface Reported {
  blocks: unknown[];
  findings: Array<{ rule: string; offset: number }>;
}

function reporting(options: SseParserOptions): { parser: SseParser; seen: Reported } {
  const seen: Reported = { blocks: [], findings: [] };
  const parser = new SseParser({
    ...options,
    onEvent: (event) => seen.blocks.push({ event }),
    onEmptyBlock: (block) => seen.blocks.push({ empty: block }),
    onOversizedBlock: (block) => seen.blocks.push({ oversized: block }),
    onFinding: (finding) => seen.findings.push({ rule: finding.rule, offset: finding.offset }),
  });
  return { parser, seen };
}

/** Where a reported block starts, to tell what came after a point. */
function startOf(block: unknown): number {
  const { event, empty, oversized } = block as Record<string, { start: number }>;
  return (event ?? empty ?? oversized)!.start;
}

describe('SSE parser taken over mid-stream', () => {
  it('goes on from its resume point as the first parser went on', () => {
    fc.assert(
      fc.property(
        stream,
        chunkSizes,
        fc.nat(),
        fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
        (bytes, sizes, pick, maxEventBytes) => {
          const chunks = cut(bytes, sizes);
          const first = reporting({ maxEventBytes });
          let point: SseResumePoint | undefined;
          let before = { blocks: 0, findings: 0 };
          const at = chunks.length === 0 ? 0 : pick % chunks.length;
          chunks.forEach((chunk, k) => {
            first.parser.feed(chunk);
            if (k === at) {
              point = first.parser.resumePoint;
              before = { blocks: first.seen.blocks.length, findings: first.seen.findings.length };
            }
          });
          first.parser.end();
          if (!point) return;
          const second = reporting({ maxEventBytes, resume: point });
          const rest = cut(bytes.subarray(point.offset), [...sizes].reverse());
          for (const chunk of rest) second.parser.feed(chunk);
          second.parser.end();
          const from = point.skipping ? point.skipping.blockStart : point.offset;
          // The blocks reported after the point, and those of the block under way there, which the second reads again.
          const expectedBlocks = first.seen.blocks.filter(
            (block, k) => k >= before.blocks || startOf(block) >= from,
          );
          expect(second.seen.blocks).toEqual(expectedBlocks);
          const expectedFindings = first.seen.findings.filter(
            (finding, k) =>
              (k >= before.findings || finding.offset >= point!.offset) &&
              !(point!.utf8Reported && finding.rule === 'sse.invalid-utf8'),
          );
          expect(second.seen.findings).toEqual(expectedFindings);
        },
      ),
      { numRuns: 400 },
    );
  });
});
